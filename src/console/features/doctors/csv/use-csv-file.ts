import { useState } from 'react';
import type { DoctorRowInput, RowField } from '../doctor-row.ts';
import { rowOfCells } from './header-mapping.ts';
import { missingFields, readDoctorsCsv, type CsvFile, type CsvProblem } from './read-doctors-csv.ts';

interface Loaded {
  file: CsvFile;
  /** Distinguishes this file's rows from an earlier file's in the run's states. */
  generation: number;
}

/**
 * The file being imported: read (read-doctors-csv.ts), its columns mapped (automatically, else by
 * hand), its rows as the registration form's. A wrong file is refused with its reason and changes
 * nothing already on screen. `onOpened` runs when a new file replaces the last one.
 */
export function useCsvFile(onOpened: () => void) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<(RowField | null)[]>([]);
  const [stage, setStage] = useState<'pick' | 'mapping' | 'preview'>('pick');
  const [rows, setRows] = useState<DoctorRowInput[]>([]);
  const [problem, setProblem] = useState<{ name: string; problem: CsvProblem } | null>(null);
  const [reading, setReading] = useState(false);
  const generation = loaded?.generation ?? 0;

  const showPreview = (file: CsvFile, columns: readonly (RowField | null)[]) => {
    setRows(file.rows.map((cells) => rowOfCells(cells, columns)));
    setStage('preview');
  };
  const choose = async (file: File) => {
    setReading(true);
    const read = await readDoctorsCsv(file);
    setReading(false);
    if (!read.ok) {
      // A wrong file changes nothing: what was on screen stays.
      setProblem({ name: file.name, problem: read.problem });
      return;
    }
    setProblem(null);
    onOpened();
    setLoaded({ file: read.file, generation: generation + 1 });
    setMapping(read.file.mapping);
    const needsMapping = read.file.mapping.includes(null) || missingFields(read.file.mapping).length > 0;
    if (needsMapping) setStage('mapping');
    else showPreview(read.file, read.file.mapping);
  };
  return {
    file: loaded?.file,
    /** A row's key in the run: the file's generation and the row's position. */
    keyOf: (index: number) => `${generation}:${index}`,
    mapping,
    setMapping,
    stage,
    setStage,
    rows,
    setRows,
    problem,
    reading,
    choose,
    /** The rows as the mapping reads them, in the preview. */
    applyMapping: () => {
      if (loaded) showPreview(loaded.file, mapping);
    },
  };
}
