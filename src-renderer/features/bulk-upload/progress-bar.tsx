import styles from './bulk-upload.module.css';

export interface ProgressBarProps {
  label: string;
  value: number;
  max: number;
  /** What a screen reader says for the value, e.g. "4,000 of 10,000 rows". */
  valueText: string;
}

/** A determinate progress bar with its label and value for assistive technology. */
export function ProgressBar({ label, value, max, valueText }: ProgressBarProps) {
  const safeMax = Math.max(1, max);
  const now = Math.min(safeMax, Math.max(0, value));
  const percent = Math.round((now / safeMax) * 100);
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span>{label}</span>
        <span aria-hidden="true">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={safeMax}
        aria-valuenow={now}
        aria-valuetext={valueText}
        className={styles.progressTrack}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
