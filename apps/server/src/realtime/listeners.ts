/** What the buses log through: the app's pino logger, or anything shaped like it. */
export interface BusLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * Calls every listener, and keeps one that throws from stopping the others or from reaching the
 * service that published.
 */
export class Listeners<T extends unknown[]> {
  private readonly listeners = new Set<(...args: T) => void>();

  constructor(private readonly logger?: BusLogger) {}

  add(listener: (...args: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...args: T): void {
    for (const listener of this.listeners) {
      try {
        listener(...args);
      } catch (error) {
        this.logger?.warn({ err: error }, 'a realtime listener failed');
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
