import { OCR_FINAL_STATES, type OcrJob } from '@household/contracts';

/** The photo jobs' cached answers, apart from the lists': a job outlives the dialog that made it. */
export const ocrKeys = {
  all: ['ocr'] as const,
  statuses: ['ocr', 'status'] as const,
  status: (id: number) => ['ocr', 'status', id] as const,
  result: (id: number) => ['ocr', 'result', id] as const,
  histories: ['ocr', 'history'] as const,
  history: (listId: number) => ['ocr', 'history', listId] as const,
};

/** Done, failed or cancelled: nothing about the job changes any more. */
export const isFinalJob = (job: Pick<OcrJob, 'state'>) => OCR_FINAL_STATES.includes(job.state);
