import type { DataExport } from '@household/contracts';
import { asc, eq } from 'drizzle-orm';
import { ocrJobs } from '../../db/schema';
import type { ExportScope } from '../../lib/data-export';

/** The user's photo (OCR) jobs. */
export async function exportOcrJobs({ tx, userId }: ExportScope): Promise<DataExport['ocr_jobs']> {
  const rows = await tx
    .select()
    .from(ocrJobs)
    .where(eq(ocrJobs.userId, userId))
    .orderBy(asc(ocrJobs.id));
  return rows.map((job) => ({
    id: job.id,
    list_id: job.listId,
    language: job.language,
    state: job.state,
    file_name: job.fileName,
    failure: job.failure,
    items: job.items ?? null,
    total_cents: job.totalCents,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  }));
}
