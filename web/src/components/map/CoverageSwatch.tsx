// The colour of a coverage part beside its label (a legend entry or a layer switch).
import { COVERAGE_COLORS, type CoverageParts } from './coverage';

export function CoverageSwatch({ part }: { part: keyof CoverageParts }) {
  return <span className="coverage-swatch" style={{ background: COVERAGE_COLORS[part] }} />;
}
