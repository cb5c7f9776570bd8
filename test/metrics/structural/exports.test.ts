import { describe, expect, it } from 'vitest';
import * as coverage from '../../../src/metrics/coverage.js';
import * as rules from '../../../src/metrics/rules/index.js';
import * as structural from '../../../src/metrics/structural/index.js';

describe('public surface', () => {
  it('pins the exports of the structural, rules and coverage entry points', () => {
    expect(Object.keys(structural).sort()).toEqual([
      'DEFAULT_STRUCTURAL_WEIGHTS',
      'boundaryIntegrity',
      'chunkSizeDistribution',
      'contextCarryover',
      'contextSufficiency',
      'contextSufficiencyByChunk',
      'emptyTinyRate',
      'overlapAccuracy',
      'sizeComplianceRate',
      'structuralMetrics',
      'structuralPreservation',
      'structuralScore',
      'uniqueChunkRate',
      'unitIntegrity',
    ]);
    expect(Object.keys(rules).sort()).toEqual(['RULE_SEVERITY', 'applyRuleSettings', 'checkRules', 'issueOrder', 'ruleIssues', 'ruleSettings', 'sortBySettings']);
    expect(Object.keys(coverage).sort()).toEqual(['sourceCoverage']);
  });
});
