import { createRequire } from 'node:module';
import path from 'node:path';
import type { OcrLanguage } from '@household/contracts';
import type { Bbox, Worker } from 'tesseract.js';
import { greyMapOf, type PreparedPhoto } from './prepare-image';
import type { RecognisedLine } from '@household/domain';

const require = createRequire(import.meta.url);

/**
 * How the worker tells ink from paper: one threshold for the page (tesseract's Otsu, its default)
 * or one per window (Sauvola's, set from the grey's local mean and spread).
 */
export type Thresholding = 'page' | 'window';
const THRESHOLDING_METHOD: Record<Thresholding, string> = { page: '0', window: '2' };

/**
 * How recognition finds the lines of a page (tesseract's page segmentation). `block`, the
 * worker's default (6), takes the page for one block of lines running across it, which keeps a
 * receipt's name and price on one line; `column` (4) for one column of lines of any size; `auto`
 * (3) finds blocks and columns first, which follows the crooked lines of a crumpled list but parts
 * a receipt's names from its prices. See readGrainyAgain (ocr-runner.ts) for when each is used.
 */
export type PageLayout = 'block' | 'column' | 'auto';
const PAGE_SEGMENTATION: Record<PageLayout, string> = { block: '6', column: '4', auto: '3' };

interface WorkerSettings {
  thresholding: string;
  segmentation: string;
}

/** What a new worker starts with: the worker's own defaults. */
const DEFAULT_SETTINGS: WorkerSettings = {
  thresholding: THRESHOLDING_METHOD.page,
  segmentation: PAGE_SEGMENTATION.block,
};

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
 * How a picture is first read. One threshold for the page suits a sharp photo whose light was
 * evened out; on a grainy one the grain left on the paper falls on either side of it and the lines
 * read as noise, while a threshold per window keeps faint print and drops the grain. On the hard
 * photo set's ordinary receipts every price was then read right (61 of 66 before); on sharp photos
 * it lost handwritten items, so it is kept for grainy ones (and see readGrainyAgain, ocr-runner.ts).
 */
const thresholdingFor = (picture: PreparedPhoto): Thresholding =>
  picture.grainy ? 'window' : 'page';

const laneStopped = () => new Error('The recognition lane was stopped');

/** Prepared photos carry no reliable resolution: the worker is told this one. */
export const RECOGNITION_DPI = '300';

/** How a picture is read in a layout: what the `tesseract` program is given to read it alike. */
export const readingSettings = (
  picture: PreparedPhoto,
  layout: PageLayout = 'block',
  thresholding: Thresholding = thresholdingFor(picture),
) => ({
  thresholding_method: THRESHOLDING_METHOD[thresholding],
  tessedit_pageseg_mode: PAGE_SEGMENTATION[layout],
});

/** Reads pictures one at a time: a RecognitionLane, or one in the photo process (photo-process.ts). */
export interface ReadingLane {
  recognize(
    picture: PreparedPhoto,
    language: OcrLanguage,
    onProgress: (share: number) => void,
    layout?: PageLayout,
    thresholding?: Thresholding,
  ): Promise<RecognisedLine[]>;
  /** Ends the photo being read, whose promise then rejects. */
  stop(): Promise<void>;
}

/**
 * One recognition worker: a tesseract.js thread, created on first use and kept for the next photo
 * (starting one costs about half a second and its language's model). A lane reads one photo at a
 * time; stopping it (a cancelled job) terminates the thread, and the next photo starts a new one.
 * A worker holds its model and buffers (100–200 MB): after `idleMs` without a photo it is ended,
 * so that a server that read a photo returns that memory soon after.
 */
export class RecognitionLane implements ReadingLane {
  private worker: Worker | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private language: OcrLanguage | null = null;
  /** The worker's present settings (see configure). */
  private settings = DEFAULT_SETTINGS;
  private onProgress: ((percent: number) => void) | null = null;
  /** Counts stops, so that a worker still starting when its lane was stopped is not kept. */
  private stops = 0;
  /** Ends the photo being read: terminating a worker leaves its pending promise unsettled. */
  private abandon: ((reason: Error) => void) | null = null;
  /** The last picture's grey map: a grainy photo is read up to three times (readGrainyAgain). */
  private lastGreyMap: { picture: PreparedPhoto; greyMap: Buffer } | null = null;

  constructor(private readonly idleMs: number) {}

  /** Whether a worker thread (and its memory) is held now. */
  get holdsWorker(): boolean {
    return this.worker !== null;
  }

  async recognize(
    picture: PreparedPhoto,
    language: OcrLanguage,
    onProgress: (percent: number) => void,
    layout: PageLayout = 'block',
    thresholding: Thresholding = thresholdingFor(picture),
  ): Promise<RecognisedLine[]> {
    this.clearIdleTimer();
    const stops = this.stops;
    const greyMap = await this.cachedGreyMap(picture);
    // Stopped while the picture was decoded (a cancelled job, the server closing): no worker is
    // started for it.
    if (stops !== this.stops) throw laneStopped();
    const worker = await this.workerFor(language);
    const wanted = readingSettings(picture, layout, thresholding);
    await this.configure(worker, {
      thresholding: wanted.thresholding_method,
      segmentation: wanted.tessedit_pageseg_mode,
    });
    // Stopped while the worker was set up: that worker was terminated, and reads nothing more.
    if (this.worker !== worker) throw laneStopped();
    this.onProgress = onProgress;
    // Set in the same turn as the reading starts, so that a stop always has a reading to end.
    const stopped = new Promise<never>((_resolve, reject) => {
      this.abandon = reject;
    });
    try {
      const { data } = await Promise.race([
        worker.recognize(greyMap, {}, { text: false, blocks: true }),
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
                  box: boxOf(word.bbox, picture.width, picture.height),
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

  private async cachedGreyMap(picture: PreparedPhoto): Promise<Buffer> {
    if (this.lastGreyMap?.picture !== picture) {
      this.lastGreyMap = { picture, greyMap: await greyMapOf(picture) };
    }
    return this.lastGreyMap.greyMap;
  }

  /** Sets what differs from the worker's present settings (each change is a message to it). */
  private async configure(worker: Worker, wanted: WorkerSettings): Promise<void> {
    const changes: Record<string, string> = {};
    if (wanted.thresholding !== this.settings.thresholding) {
      changes.thresholding_method = wanted.thresholding;
    }
    if (wanted.segmentation !== this.settings.segmentation) {
      changes.tessedit_pageseg_mode = wanted.segmentation;
    }
    if (Object.keys(changes).length === 0) return;
    await worker.setParameters(changes);
    this.settings = wanted;
  }

  /** Ends the thread, and with it any photo it is reading (whose promise then rejects). */
  async stop(): Promise<void> {
    this.clearIdleTimer();
    this.lastGreyMap = null;
    const worker = this.worker;
    this.stops += 1;
    this.worker = null;
    this.language = null;
    this.abandon?.(laneStopped());
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
    await worker.setParameters({ user_defined_dpi: RECOGNITION_DPI });
    this.worker = worker;
    this.language = language;
    this.settings = DEFAULT_SETTINGS;
    return worker;
  }
}
