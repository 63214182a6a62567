import { ZOcrJob, ZOcrResult, type OcrJob } from '@household/contracts';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { expectShape } from './assertions';
import type { TestUser } from './factories';
import { multipartUpload, sender } from './requests';

/**
 * A photo job through the API, as a person's browser drives one: upload, poll the status until the
 * job is over, read the result. The app is read when called, after `beforeAll` made it.
 */
export function photoJobs(app: () => App) {
  const send = sender(app);

  async function submit(by: TestUser, bytes: Buffer, fields: Record<string, string> = {}) {
    const { payload, contentType } = await multipartUpload([
      ...Object.entries(fields).map(([field, text]) => ({ field, text })),
      { bytes, filename: 'receipt.jpg', type: 'image/jpeg' },
    ]);
    const response = await app().inject({
      method: 'POST',
      url: '/api/v1/ocr/extract-items',
      headers: { ...by.auth, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    return expectShape(ZOcrJob, response.json());
  }

  async function waitUntilOver(by: TestUser, id: number): Promise<OcrJob> {
    for (;;) {
      const job = expectShape(ZOcrJob, (await send(by.auth, 'GET', `/ocr/status/${id}`)).json());
      if (['done', 'failed', 'cancelled'].includes(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function result(by: TestUser, id: number) {
    const response = await send(by.auth, 'GET', `/ocr/result/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return expectShape(ZOcrResult, response.json());
  }

  return { submit, waitUntilOver, result };
}
