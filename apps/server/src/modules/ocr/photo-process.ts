import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OcrLanguage } from '@household/contracts';
import type { RecognisedLine } from '@household/domain';
import { AppError } from '../../http/problem';
import type { PreparedPhoto } from './prepare-image';
import type { PageLayout, ReadingLane, Thresholding } from './recognizer';

/** What the server asks of its photo process (photo-process-main.ts). */
export type PhotoRequest =
  | { id: number; op: 'prepare'; bytes: Uint8Array }
  | {
      id: number;
      op: 'recognize';
      lane: number;
      picture: PreparedPhoto;
      language: OcrLanguage;
      layout: PageLayout;
      thresholding: Thresholding | undefined;
    }
  | { id: number; op: 'stop'; lane: number };

/** A refusal of the photo (4xx) travels whole; anything else as its message. */
export type PhotoFailure =
  { appError: Pick<AppError, 'status' | 'code' | 'detail' | 'errors'> } | { message: string };

/** What the photo process answers: progress while reading, then the result or the failure. */
export type PhotoAnswer =
  | { id: number; progress: number }
  | { id: number; value: unknown }
  | { id: number; failure: PhotoFailure };

/** A request before it is numbered (an Omit that keeps each kind apart). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  /** The process it was sent to: a request made while an idle one ends goes to the next. */
  child: ChildProcess;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (share: number) => void;
}

/** Structured clone hands a Buffer over as a plain Uint8Array: the same bytes, seen as a Buffer. */
export const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether `promise` settles (either way) within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function errorOf(failure: PhotoFailure): Error {
  if ('message' in failure) return new Error(failure.message);
  const { status, code, detail, errors } = failure.appError;
  return new AppError(status, code, detail, errors);
}

/**
 * The photo process's script: the bundled one beside the server's in a build, else the source,
 * run through the TypeScript loader the server's own tests and `npm run dev` use.
 */
function processScript(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) {
    return { path: fileURLToPath(new URL('./photo-process.js', import.meta.url)), execArgv: [] };
  }
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    path: fileURLToPath(new URL('./photo-process-main.ts', import.meta.url)),
    execArgv: ['--import', loader],
  };
}

/**
 * The process photos are prepared and read in, started with the first photo and ended after
 * `idleMs` without one. sharp's and the recognition workers' native memory is allocated in many
 * threads, and glibc keeps what they freed in per-thread arenas: in the server's own process a
 * minute after the last photo it still held 160 MB more than at rest. A process that ends
 * returns all of it. It runs with two arenas (MALLOC_ARENA_MAX), which lowers its own peak by
 * about a third. A photo process that dies fails the photos it held; the next photo starts another.
 * One that hangs (stops answering) is killed when a stop or its end is not answered in time, so
 * that neither a cancel nor the server's shutdown waits on it.
 */
export class PhotoProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lanes = 0;
  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * `onOutput` takes each line the process prints: tesseract's own remarks on a picture
   * (`Detected 65 diacritics`, `Line cannot be recognized!!`), which would otherwise break the
   * server's one JSON line per event. `patienceMs`: how long a stop waits for its answer, and an
   * ended process for its exit, before the process is killed outright.
   */
  constructor(
    private readonly idleMs: number,
    private readonly onOutput: (line: string) => void = () => undefined,
    private readonly patienceMs = 5_000,
  ) {}

  /** The process's id while it is there (and holds its memory). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The photo as recognition reads it (preparePhoto), or the refusal of it (4xx). A process that
   * ended meanwhile (killed, out of memory) answers 503: the photo may well be fine.
   */
  async prepare(bytes: Buffer): Promise<PreparedPhoto> {
    let picture: PreparedPhoto;
    try {
      picture = (await this.request({ op: 'prepare', bytes })) as PreparedPhoto;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        503,
        'service_unavailable',
        'The photo could not be prepared just now; send it again',
        undefined,
        { 'retry-after': '5' },
      );
    }
    return { ...picture, bytes: asBuffer(picture.bytes) };
  }

  /** A lane of its own in the process: one recognition worker, one photo at a time. */
  lane(): ReadingLane {
    const lane = this.lanes++;
    return {
      recognize: (picture, language, onProgress, layout = 'block', thresholding) =>
        this.request(
          { op: 'recognize', lane, picture, language, layout, thresholding },
          onProgress,
        ) as Promise<RecognisedLine[]>,
      stop: async () => {
        if (!this.child) return;
        const answered = this.request({ op: 'stop', lane });
        // A process that does not answer a stop is in no state to read: it ends, failing what it held.
        if (!(await settlesWithin(answered, this.patienceMs))) await this.close();
        // A process that ended meanwhile ended the lane with it: stopped all the same.
        await answered.catch(() => undefined);
      },
    };
  }

  /** Ends the process, failing what it held; a photo after this starts another. */
  async close(): Promise<void> {
    this.clearIdleTimer();
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.ref();
    child.kill();
    // A stopped or wedged process may not act on SIGTERM; SIGKILL ends it whatever its state.
    if (!(await settlesWithin(exited, this.patienceMs))) child.kill('SIGKILL');
    await exited;
  }

  private request(
    message: Unnumbered<PhotoRequest>,
    onProgress?: (share: number) => void,
  ): Promise<unknown> {
    this.clearIdleTimer();
    const child = this.child ?? this.start();
    // A photo being prepared or read keeps the server running; a process waiting for photos does not.
    child.channel?.ref();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject, onProgress });
      child.send({ ...message, id } as PhotoRequest, (error) => {
        if (error) this.settle(id, { id, failure: { message: error.message } });
      });
    });
  }

  private start(): ChildProcess {
    const script = processScript();
    const child = fork(script.path, [String(this.idleMs)], {
      execArgv: script.execArgv,
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const output of [child.stdout, child.stderr]) {
      if (!output) continue;
      createInterface({ input: output, crlfDelay: Infinity }).on('line', this.onOutput);
      // A pipe would keep the server running, as the channel would.
      (output as Socket).unref();
    }
    child.unref();
    child.on('message', (answer: PhotoAnswer) => {
      if ('progress' in answer) this.pending.get(answer.id)?.onProgress?.(answer.progress);
      else this.settle(answer.id, answer);
    });
    child.on('error', () => undefined);
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const failure = { message: `The photo process ended (${signal ?? code})` };
      for (const [id, pending] of [...this.pending]) {
        if (pending.child === child) this.settle(id, { id, failure });
      }
    });
    this.child = child;
    return child;
  }

  private settle(id: number, answer: Exclude<PhotoAnswer, { progress: number }>): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if ('failure' in answer) pending.reject(errorOf(answer.failure));
    else pending.resolve(answer.value);
    if (this.pending.size > 0) return;
    this.child?.channel?.unref();
    this.startIdleTimer();
  }

  private startIdleTimer(): void {
    if (!this.child) return;
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
