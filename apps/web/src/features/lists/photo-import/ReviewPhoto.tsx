import type { OcrBox, OcrJob } from '@household/contracts';
import { Box, Button, Collapse, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../lib/api-context';
import { ocrImageQueryOptions } from '../api/ocr';

/** The picture as an object URL, made from the fetched Blob and revoked when no longer shown. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The prepared picture of a job (GET /ocr/image/{id}, fetched with the session's token, hence
 * not a plain <img src>) with the chosen item's line outlined on it. The box is in fractions of
 * the picture, so the outline sits right at whatever size the picture is drawn.
 */
function JobPicture({ job, box }: { job: OcrJob; box: OcrBox | null }) {
  const { t } = useTranslation();
  const image = useQuery(ocrImageQueryOptions(useApi(), job.id));
  const url = useObjectUrl(image.data);
  const outline = useRef<HTMLDivElement>(null);

  useEffect(() => {
    outline.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [box, url]);

  if (image.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('lists.photoImport.review.photoFailed')}
      </Text>
    );
  }
  if (!url) {
    return (
      <Loader size="sm" role="status" aria-label={t('lists.photoImport.review.photoLoading')} />
    );
  }
  return (
    <Box pos="relative" style={{ lineHeight: 0 }}>
      <img
        src={url}
        alt={t('lists.photoImport.review.photoAlt', { name: job.file_name })}
        style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 4 }}
      />
      {box && (
        <div
          ref={outline}
          data-testid="photo-box"
          aria-hidden
          style={{
            position: 'absolute',
            left: `${box.x * 100}%`,
            top: `${box.y * 100}%`,
            width: `${box.width * 100}%`,
            height: `${box.height * 100}%`,
            // Two rings, dark in light: visible on the white paper and on a dark background.
            outline: '3px solid var(--mantine-color-orange-filled)',
            boxShadow: '0 0 0 5px rgba(0, 0, 0, 0.45)',
            borderRadius: 2,
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

/**
 * The photo beside the items on a wide screen; above them on a phone, folded away until "Show
 * photo" (or "Show on photo" on an item) opens it.
 */
export function ReviewPhoto({
  job,
  box,
  revealed,
  onRevealedChange,
}: {
  job: OcrJob;
  box: OcrBox | null;
  /** Whether a phone shows the photo; a wide screen always does. */
  revealed: boolean;
  onRevealedChange: (revealed: boolean) => void;
}) {
  const { t } = useTranslation();
  // Below Mantine's `sm` (48em), where the review's row turns into a column. Known at the first
  // render: a phone must not fetch the picture for a wide layout first.
  const narrow = useMediaQuery('(max-width: 47.99em)', undefined, {
    getInitialValueInEffect: false,
  });
  const panelId = useId();
  const title = t('lists.photoImport.review.photoOf', { name: job.file_name });

  if (!narrow) {
    return (
      <Box component="figure" m={0} aria-label={title} style={{ position: 'sticky', top: 0 }}>
        <JobPicture job={job} box={box} />
      </Box>
    );
  }
  return (
    <Box component="section" aria-label={title}>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPhoto size={16} aria-hidden />}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: revealed ? 'rotate(180deg)' : undefined }}
          />
        }
        aria-expanded={revealed}
        aria-controls={panelId}
        onClick={() => onRevealedChange(!revealed)}
      >
        {t(revealed ? 'lists.photoImport.review.hidePhoto' : 'lists.photoImport.review.showPhoto')}
      </Button>
      <Collapse in={revealed} id={panelId}>
        {/* Fetched once opened: a phone need not load a picture nobody asked to see. */}
        {revealed && (
          <Box pt="xs" mah="60vh" style={{ overflowY: 'auto' }}>
            <JobPicture job={job} box={box} />
          </Box>
        )}
      </Collapse>
    </Box>
  );
}
