import { useRef, useState } from 'react';

/**
 * A file chosen to be read as text in the browser, with the progress of the reading in percent
 * (null while nothing is being read). Choosing another file, or none, stops the reading before.
 */
export function useTextFileReader() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const reader = useRef<FileReader | null>(null);

  const read = (
    chosen: File | null,
    { onLoad, onError }: { onLoad: (text: string) => void; onError: () => void },
  ) => {
    reader.current?.abort();
    setFile(chosen);
    setProgress(null);
    if (!chosen) return;
    const next = new FileReader();
    reader.current = next;
    setProgress(0);
    next.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        setProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    next.onerror = () => {
      setProgress(null);
      onError();
    };
    next.onload = () => {
      setProgress(100);
      onLoad(typeof next.result === 'string' ? next.result : '');
    };
    next.readAsText(chosen);
  };

  return { file, progress, read };
}
