import { AVATAR_SIZE_PX } from '@household/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { userAvatars, type UserRow } from '../../db/schema';
import { AppError } from '../../http/problem';
import { updateUser } from './users.service';
import { loadSharp, MAX_INPUT_PIXELS, sniffImageType } from '../../lib/images';
import { newOpaqueToken } from '../../lib/tokens';

const unsupportedImage = () =>
  new AppError(415, 'unsupported_media_type', 'The avatar must be a PNG, JPEG or WebP image');

/**
 * Stores a square WebP thumbnail under a new random key, so the URL changes with the picture
 * (browsers may cache it forever) and cannot be guessed by people who should not see it.
 */
export async function setAvatar(ctx: AppContext, user: UserRow, upload: Buffer): Promise<UserRow> {
  // PNG, JPEG or WebP, as the refusal says: a HEIC photo is refused here.
  const type = sniffImageType(upload);
  if (type === null || type === 'heic') throw unsupportedImage();
  const sharp = await loadSharp();
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
