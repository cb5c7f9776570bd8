import { chunkCuts } from './cuts.js';
import { detailFromPenalties, type ContentFinding, type ContentInput, type MetricDetail } from './input.js';
import { openingOf } from './opening.js';

/** Where a chunk's context comes from, best first. */
type Context = 'heading' | 'path' | 'none';

/** Points lost for an opening reference / connective, by heading context. */
const REFERENCE_POINTS: Readonly<Record<Context, number>> = { heading: -10, path: -30, none: -50 };
const CONNECTIVE_POINTS: Readonly<Record<Context, number>> = { heading: -10, path: -20, none: -30 };
const FRAGMENT_POINTS = -30;
const NO_CONTEXT_POINTS = -10;

/** Openings that refer back to something the chunk does not hold. */
const ENGLISH_REFERENCE =
  /^(the above|the former|the latter|as mentioned|as noted|as described|as shown|as discussed|in this case|it|its|it's|this|that|these|those|they|them|their|he|she|his|her|such)(?![\p{L}\p{N}_])/iu;
const CHINESE_REFERENCE = /^(它们|这些|这个|这种|这里|这样|上述|以上|前者|后者|其中|该|它|此|这|其(?![他它实次]))/u;

/** Openings that continue an argument begun elsewhere. */
const ENGLISH_CONNECTIVE =
  /^(however|also|therefore|but|moreover|furthermore|additionally|thus|hence|otherwise|instead|besides|then|finally|likewise|similarly|nevertheless|consequently|in addition|on the other hand|as a result|for this reason)(?![\p{L}\p{N}_])/iu;
const CHINESE_CONNECTIVE = /^(但是|因此|另外|此外|同时|然而|所以|而且|并且|不过|于是|然后|此时|其次|最后|因而|否则|另一方面|但)/u;

/**
 * `context_self_containment` with its findings. From 100: an opening reference word
 * (It, This, These, The above, 该, 它, 此, 上述, …) costs 10 after an opening heading, 30 with
 * only a heading path, 50 with no heading context; an opening connective (However, Also,
 * 但是, 因此, 此外, …) costs 10 / 20 / 30; opening mid-sentence costs 30; no heading context at
 * all (in a document that has headings) costs 10.
 */
export function contextSelfContainmentDetails(input: ContentInput): MetricDetail[] {
  const cuts = chunkCuts(input.doc, input.chunks);
  const docHasHeadings = input.doc.blocks.some((block) => block.kind === 'heading');
  return input.chunks.map((chunk, index) => {
    const findings: ContentFinding[] = [];
    const opening = openingOf(input.doc, chunk);
    const context: Context = opening.heading ? 'heading' : chunk.headingPath.length > 0 ? 'path' : 'none';
    const contextWords = context === 'heading' ? 'right after its heading' : context === 'path' ? 'with only a heading path for context' : 'and has no heading context';
    const start = cuts[index]!.start;
    const fragment = !opening.heading && chunk.split?.kind !== 'table' && chunk.split?.kind !== 'code' && (start.level === 'mid-sentence' || start.level === 'mid-word');
    if (fragment) {
      findings.push({ code: 'opens-mid-sentence', message: `opens mid-sentence: '${excerpt(opening.line)}'`, points: FRAGMENT_POINTS });
    } else if (!opening.atomic) {
      const connective = ENGLISH_CONNECTIVE.exec(opening.line) ?? CHINESE_CONNECTIVE.exec(opening.line);
      const reference = connective ? null : ENGLISH_REFERENCE.exec(opening.line) ?? CHINESE_REFERENCE.exec(opening.line);
      if (connective) {
        findings.push({ code: 'opens-with-connective', message: `opens with '${connective[0]}' ${contextWords}`, points: CONNECTIVE_POINTS[context] });
      } else if (reference) {
        findings.push({ code: 'opens-with-reference', message: `opens with '${reference[0]}' ${contextWords}`, points: REFERENCE_POINTS[context] });
      }
    }
    if (context === 'none' && docHasHeadings) {
      findings.push({ code: 'no-heading-context', message: 'has no heading in its text and no heading path', points: NO_CONTEXT_POINTS });
    }
    return detailFromPenalties(findings);
  });
}

/**
 * `context_self_containment` of each chunk: 100 minus points for an opening reference word
 * (10 / 30 / 50 by heading context: own heading / heading path / none), an opening connective
 * (10 / 20 / 30), a mid-sentence start (30) and no heading context at all (10).
 */
export function contextSelfContainment(input: ContentInput): number[] {
  return contextSelfContainmentDetails(input).map((detail) => detail.score);
}

function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
