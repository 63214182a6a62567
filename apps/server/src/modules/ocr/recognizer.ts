import { createRequire } from 'node:module';
import path from 'node:path';
import type { OcrLanguage } from '@household/contracts';
import type { Bbox, Worker } from 'tesseract.js';
import type { PreparedPhoto } from './prepare-image';
import type { RecognisedLine } from '@household/domain';

const require = createRequire(import.meta.url);

/** Tesseract's `thresholding_method` values: one threshold for the page, or one per window. */
const THRESHOLD_OTSU = '0';
const THRESHOLD_SAUVOLA = '2';

/**
 * The trained data of a language, from its npm package (`@tesseract.js-data/<code>`): never
 * downloaded at run time. The `best_int` models are the LSTM-only ones tesseract.js reads by
 * default, smaller and faster than the legacy+LSTM set beside them.
 */
function languageDataPath(language: OcrLanguage): string {
  const manifest = require.resolve(`@tesseract.js-data/${language}/package.json`);
  return path.join(path.dirname(manifest), '4.0.0_best_int');
}

/** A tesseract box in pixels as fractions of the picture, clamped: the contract's 0–1. */
function boxOf(bbox: Bbox, width: number, height: number): RecognisedLine['box'] {
  const clamp = (share: number) => Math.min(1, Math.max(0, share));
  const x = clamp(bbox.x0 / width);
  const y = clamp(bbox.y0 / height);
  return {
    x,
    y,
    width: clamp(bbox.x1 / width) - x,
    height: clamp(bbox.y1 / height) - y,
  };
}

/**
 * One recognition worker: a tesseract.js thread, created on first use and kept for the next photo
 * (starting one costs about half a second and its language's model). A lane reads one photo at a
 * time; stopping it (a cancelled job) terminates the thread, and the next photo starts a new one.
 * A worker holds its model and buffers (100–200 MB): after `idleMs` without a photo it is ended,
 * so that a server that read a photo returns that memory soon after.
 */
export class RecognitionLane {
  private worker: Worker | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private language: OcrLanguage | null = null;
  /** The worker's `thresholding_method` (see thresholdFor); a new worker starts with Otsu's. */
  private thresholding = THRESHOLD_OTSU;
  private onProgress: ((percent: number) => void) | null = null;
  /** Counts stops, so that a worker still starting when its lane was stopped is not kept. */
  private stops = 0;
  /** Ends the photo being read: terminating a worker leaves its pending promise unsettled. */
  private abandon: ((reason: Error) => void) | null = null;

  constructor(private readonly idleMs: number) {}

  /** Whether a worker thread (and its memory) is held now. */
  get holdsWorker(): boolean {
    return this.worker !== null;
  }

  async recognize(
    picture: PreparedPhoto,
    language: OcrLanguage,
    onProgress: (percent: number) => void,
  ): Promise<RecognisedLine[]> {
    this.clearIdleTimer();
    const worker = await this.workerFor(language);
    await this.thresholdFor(worker, picture);
    this.onProgress = onProgress;
    const stopped = new Promise<never>((_resolve, reject) => {
      this.abandon = reject;
    });
    try {
      const { data } = await Promise.race([
        worker.recognize(picture.bytes, {}, { text: false, blocks: true }),
        stopped,
      ]);
      const lines: RecognisedLine[] = [];
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            const text = line.text.trim();
            if (!text) continue;
            lines.push({
              text,
              confidence: Math.round(line.confidence),
              box: boxOf(line.bbox, picture.width, picture.height),
              words: line.words
                .map((word) => ({
                  text: word.text.trim(),
                  confidence: Math.round(word.confidence),
                }))
                .filter((word) => word.text !== ''),
            });
          }
        }
      }
      return lines;
    } finally {
      this.onProgress = null;
      this.abandon = null;
      this.startIdleTimer();
    }
  }

  /**
   * How the worker tells ink from paper. Tesseract's default, one Otsu threshold for the page,
   * suits a sharp photo whose light was evened out; on a grainy one the grain left on the paper
   * falls on either side of it and the lines read as noise, while Sauvola's threshold, set window
   * by window from the grey's local mean and spread, keeps faint print and drops the grain. On the
   * hard photo set's ordinary receipts every price was then read right (61 of 66 before); on
   * sharp photos it lost handwritten items, so it is kept for grainy ones.
   */
  private async thresholdFor(worker: Worker, picture: PreparedPhoto): Promise<void> {
    const method = picture.grainy ? THRESHOLD_SAUVOLA : THRESHOLD_OTSU;
    if (this.thresholding === method) return;
    await worker.setParameters({ thresholding_method: method });
    this.thresholding = method;
  }

  /** Ends the thread, and with it any photo it is reading (whose promise then rejects). */
  async stop(): Promise<void> {
    this.clearIdleTimer();
    const worker = this.worker;
    this.stops += 1;
    this.worker = null;
    this.language = null;
    this.abandon?.(new Error('The recognition lane was stopped'));
    await worker?.terminate().catch(() => undefined);
  }

  private startIdleTimer(): void {
    if (!this.worker) return;
    this.idleTimer = setTimeout(() => void this.stop(), this.idleMs);
    // An idle worker is no reason to keep the process alive.
    this.idleTimer.unref();
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async workerFor(language: OcrLanguage): Promise<Worker> {
    if (this.worker && this.language === language) return this.worker;
    // Each language's model lives in its own package folder, and a worker reads models from one
    // folder: another language means another worker.
    await this.stop();
    const stops = this.stops;
    const { createWorker, OEM } = await import('tesseract.js');
    const worker = await createWorker(language, OEM.LSTM_ONLY, {
      langPath: languageDataPath(language),
      gzip: true,
      // The models are read from node_modules each time; nothing is written beside the server.
      cacheMethod: 'none',
      logger: (message: { status: string; progress: number }) => {
        if (message.status === 'recognizing text') this.onProgress?.(message.progress);
      },
      errorHandler: () => undefined,
    });
    if (stops !== this.stops) {
      await worker.terminate().catch(() => undefined);
      throw new Error('The recognition lane was stopped while its worker started');
    }
    // Prepared photos carry no reliable resolution (a phone's JPEG says 72 or nothing); without
    // one tesseract guesses from the picture and warns.
    await worker.setParameters({ user_defined_dpi: '300' });
    this.worker = worker;
    this.language = language;
    this.thresholding = THRESHOLD_OTSU;
    return worker;
  }
}
