// The photo process (photo-process.ts): prepares and reads the photos the server hands it, and
// answers with what it made of them. It lives while the server has photos for it.
import { AppError } from '../../http/problem';
import { asBuffer, type PhotoAnswer, type PhotoFailure, type PhotoRequest } from './photo-process';
import { preparePhoto, type PreparedPhoto } from './prepare-image';
import { RecognitionLane } from './recognizer';

const idleMs = Number(process.argv[2]);
const lanes = new Map<number, { lane: RecognitionLane; picture: PreparedPhoto | null }>();

function laneOf(number: number) {
  let held = lanes.get(number);
  if (!held) {
    held = { lane: new RecognitionLane(idleMs), picture: null };
    lanes.set(number, held);
  }
  return held;
}

/**
 * The picture of the lane's last reading when it is the same one: a grainy photo is read up to
 * three times, and the lane decodes a picture once (RecognitionLane's grey map).
 */
function samePictureAs(held: ReturnType<typeof laneOf>, sent: PreparedPhoto): PreparedPhoto {
  const bytes = asBuffer(sent.bytes);
  if (!held.picture?.bytes.equals(bytes)) held.picture = { ...sent, bytes };
  return held.picture;
}

async function answer(request: PhotoRequest): Promise<unknown> {
  switch (request.op) {
    case 'prepare':
      return preparePhoto(asBuffer(request.bytes));
    case 'recognize': {
      const held = laneOf(request.lane);
      return held.lane.recognize(
        samePictureAs(held, request.picture),
        request.language,
        (progress) => send({ id: request.id, progress }),
        request.layout,
        request.thresholding,
      );
    }
    case 'stop': {
      const held = lanes.get(request.lane);
      if (held) held.picture = null;
      return held?.lane.stop();
    }
  }
}

function failureOf(error: unknown): PhotoFailure {
  if (error instanceof AppError) {
    const { status, code, detail, errors } = error;
    return { appError: { status, code, detail, errors } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function send(message: PhotoAnswer): void {
  // The server may have gone while a photo was read: there is no one left to answer.
  if (process.connected) process.send!(message);
}

process.on('message', (request: PhotoRequest) => {
  answer(request).then(
    (value) => send({ id: request.id, value }),
    (error: unknown) => send({ id: request.id, failure: failureOf(error) }),
  );
});
// The server ended (or was killed): this process has no one to read for.
process.on('disconnect', () => process.exit(0));
