import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColumnMapping } from '../../../shared/domain/inventory-columns.ts';
import { mappingToSave } from './column-mapping.ts';
import { type InventoryParser, useInventoryParserFactory } from './inventory-parser.tsx';
import type { PreviewPage, PreviewQuery, SheetProgress, SheetSummary } from './inventory-sheet.ts';
import { readSavedMapping, writeSavedMapping } from './mapping-storage.ts';

export type InventoryFileState =
  | { status: 'empty' }
  | { status: 'reading'; file: File; progress: SheetProgress | null }
  | {
      status: 'ready';
      file: File;
      /** What is sent: the file itself, or its UTF-8 copy when it was saved in Windows-1252. */
      upload: File;
      job: number;
      summary: SheetSummary;
      checking: SheetProgress | null;
    }
  | { status: 'failed'; file: File; message: string };

export interface InventoryFile {
  state: InventoryFileState;
  choose(file: File): void;
  /** Checks every row again with the seller's mapping, and remembers it for their next file. */
  changeMapping(mapping: ColumnMapping): void;
  page(query: PreviewQuery): Promise<PreviewPage | null>;
}

/** The chosen inventory file, read and checked off the page's thread; one reader per page. */
export function useInventoryFile(userId: string | null): InventoryFile {
  const create = useInventoryParserFactory();
  const parserRef = useRef<InventoryParser | null>(null);
  const [state, setState] = useState<InventoryFileState>({ status: 'empty' });
  const jobRef = useRef(0);
  /** Mappings sent to the reader whose check has not come back yet; only the last one's counts. */
  const remapsRef = useRef(0);

  useEffect(() => {
    const parser = create();
    parserRef.current = parser;
    const unsubscribe = parser.subscribe((event) => {
      if (event.type === 'ready' && remapsRef.current > 0) {
        remapsRef.current -= 1;
        // A later mapping is being checked: these counts are already out of date.
        if (remapsRef.current > 0) return;
      }
      setState((current) => {
        if (current.status === 'empty') return current;
        switch (event.type) {
          case 'progress':
            if (current.status === 'reading') return { ...current, progress: event.progress };
            if (current.status === 'ready') return { ...current, checking: event.progress };
            return current;
          case 'ready': {
            const upload = event.converted
              ? new File([event.converted], current.file.name, { type: 'text/csv' })
              : current.status === 'ready'
                ? current.upload
                : current.file;
            return {
              status: 'ready',
              file: current.file,
              upload,
              job: event.job,
              summary: event.summary,
              checking: null,
            };
          }
          case 'failed':
            return { status: 'failed', file: current.file, message: event.message };
          default:
            return current;
        }
      });
    });
    return () => {
      unsubscribe();
      parser.dispose();
      parserRef.current = null;
    };
  }, [create]);

  const choose = useCallback(
    (file: File) => {
      const parser = parserRef.current;
      if (!parser) return;
      remapsRef.current = 0;
      jobRef.current = parser.read(file, userId ? readSavedMapping(userId) : null);
      setState({ status: 'reading', file, progress: null });
    },
    [userId],
  );

  const changeMapping = useCallback(
    (mapping: ColumnMapping) => {
      const parser = parserRef.current;
      if (!parser || state.status !== 'ready') return;
      if (userId) writeSavedMapping(userId, mappingToSave(mapping));
      remapsRef.current += 1;
      parser.remap(state.job, mapping);
      setState({
        ...state,
        summary: { ...state.summary, mapping },
        checking: {
          phase: 'checking',
          done: 0,
          total: state.summary.totalRows,
          rows: state.summary.totalRows,
        },
      });
    },
    [state, userId],
  );

  // Stable: the preview asks for pages of whichever file is current.
  const page = useCallback(
    (query: PreviewQuery) => parserRef.current?.page(jobRef.current, query) ?? Promise.resolve(null),
    [],
  );

  return { state, choose, changeMapping, page };
}
