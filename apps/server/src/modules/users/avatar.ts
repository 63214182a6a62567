import { AVATAR_SIZE_PX } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { userAvatars, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { updateUser } from './users.service';
import { newOpaqueToken } from '../../lib/tokens';

const unsupportedImage = () =>
  new AppError(415, 'unsupported_media_type', 'The avatar must be a PNG, JPEG or WebP image');

/** Recognises the image by its first bytes, never by the name or the declared type. */
export function sniffImageType(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

// A small file can still claim a huge canvas (a decompression bomb): refuse beyond 40 megapixels.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Stores a square WebP thumbnail under a new random key, so the URL changes with the picture
 * (browsers may cache it forever) and cannot be guessed by people who should not see it.
 */
export async function setAvatar(ctx: AppContext, user: UserRow, upload: Buffer): Promise<UserRow> {
  if (!sniffImageType(upload)) throw unsupportedImage();
  // sharp brings libvips (tens of MB of memory): loaded with the first avatar, not at start.
  const { default: sharp } = await import('sharp');
  let content: Buffer;
  try {
    content = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupportedImage();
  }
  const key = newOpaqueToken();
  // The user row first: it locks the account, and one deleted meanwhile is not found (never a
  // half-written avatar of a user who is gone).
  return ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, { avatarKey: key });
    await tx
      .insert(userAvatars)
      .values({ userId: user.id, key, contentType: 'image/webp', content })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { key, content, contentType: 'image/webp', createdAt: sql`now()` },
      });
    return row;
  });
}

export async function removeAvatar(ctx: AppContext, user: UserRow): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, { avatarKey: null });
    await tx.delete(userAvatars).where(eq(userAvatars.userId, user.id));
    return row;
  });
}

export async function findAvatar(ctx: AppContext, key: string) {
  const [row] = await ctx.db
    .select({ content: userAvatars.content, contentType: userAvatars.contentType })
    .from(userAvatars)
    .where(eq(userAvatars.key, key));
  return row ?? null;
}
