import { LLM_DIMENSIONS } from '../metrics/content/llm/types.js';
import { renderTable } from '../report/table.js';
import type { Agreement, CalibrationResult } from './score.js';

function fixed(value: number | null, digits: number): string {
  return value === null ? '—' : value.toFixed(digits);
}

function signed(value: number): string {
  const text = Math.abs(value).toFixed(1);
  return text === '0.0' ? '0.0' : `${value > 0 ? '+' : '−'}${text}`;
}

/**
 * Renders a calibration result: the acceptance verdict first, then per dimension and overall the
 * MAE, bias (judge − human, `+` = the judge is more lenient) and Spearman's ρ.
 */
export function renderCalibration(result: CalibrationResult, options: { markdown?: boolean; unscored?: number } = {}): string {
  const markdown = options.markdown ?? false;
  const { acceptance } = result;
  const verdict = acceptance.passed
    ? `✅ The judge is calibrated: ${result.samples} chunks, overall MAE ${result.overall.mae.toFixed(1)} < ${acceptance.maxMae} (accepted at ≥ ${acceptance.minSamples} chunks and an overall MAE below ${acceptance.maxMae}).`
    : `❌ Not accepted yet: ${acceptance.reasons.join('; ')} (accepted at ≥ ${acceptance.minSamples} chunks and an overall MAE below ${acceptance.maxMae}).`;
  const row = (name: string, agreement: Agreement) => [name, fixed(agreement.mae, 1), signed(agreement.bias), fixed(agreement.spearman, 2)];
  const table = renderTable(
    ['Dimension', 'MAE', 'Bias (judge − human)', 'Spearman ρ'],
    [...LLM_DIMENSIONS.map((name) => row(markdown ? `\`${name}\`` : name, result.dimensions[name])), row(markdown ? '**overall** (mean of five)' : 'overall (mean of five)', result.overall)],
    markdown,
  );
  const skipped = options.unscored ? ` · ${options.unscored} rows left blank (skipped)` : '';
  return `${[markdown ? '## chunkgate calibrate' : 'chunkgate calibrate', verdict, table, `${result.samples} scored chunks${skipped}`].join('\n\n')}\n`;
}
