import { RotateCcw, Tag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type {
  FirearmCandidateJson,
  FirearmIdentificationData,
  FirearmIdentityJson,
} from '../../../shared/contract/identification.ts';
import { paths } from '../../../shared/routes/paths.ts';
import { familyLabelByKey } from '../../lib/family-label.ts';
import { usePlatform } from '../../lib/platform/platform-context.tsx';
import { Button, LinkButton } from '../../ui/button.tsx';
import styles from './identification.module.css';
import type { KeptIdentification } from './identification-store.ts';
import {
  identityName,
  listingPrefillOf,
  percent,
  REASON_FIELDS,
  REASON_PARTS,
  transferRule,
} from './identification-words.ts';
import { ValuationPanel } from './valuation-panel.tsx';

export interface IdentificationResultProps {
  kept: KeptIdentification & { data: FirearmIdentificationData };
  /** Just identified (not read back from the browser): the heading takes focus. */
  fresh: boolean;
  onStartOver: () => void;
}

/** What the firearm was identified as, why, what else it could be, its photos and what it is worth. */
export function IdentificationResult({ kept, fresh, onStartOver }: IdentificationResultProps) {
  const { data } = kept;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (fresh) headingRef.current?.focus();
  }, [fresh]);
  const name = identityName(data.identity);
  return (
    <section className={styles.result} aria-labelledby="identification-heading">
      <div className={styles.resultHead}>
        <h2 id="identification-heading" ref={headingRef} tabIndex={-1} className={styles.resultHeading}>
          {name}
        </h2>
        <p className={styles.confidence}>
          <strong data-numeric="">{percent(data.confidence)}</strong> match
        </p>
      </div>
      <p className={styles.description}>{data.description}</p>

      <div className={styles.actions}>
        <LinkButton to={paths.listItemPrefilled(listingPrefillOf(data.identity, kept.info))}>
          <Tag size={16} aria-hidden="true" /> List this firearm
        </LinkButton>
        <Button variant="secondary" onClick={onStartOver}>
          <RotateCcw size={16} aria-hidden="true" /> Start over
        </Button>
      </div>

      <div className={styles.resultGrid}>
        <div className={styles.resultMain}>
          <ValuationPanel data={data} />
        </div>
        <div className={styles.resultSide}>
          <section className={styles.panel} aria-labelledby="identity-heading">
            <h3 id="identity-heading" className={styles.panelHeading}>
              Identity
            </h3>
            <IdentityFacts identity={data.identity} />
            <h4 className={styles.subHeading}>Why this match</h4>
            <Reasons reasons={data.reasons} />
          </section>
          {data.alternatives.length > 0 ? <Alternatives alternatives={data.alternatives} /> : null}
          <Photos images={data.images} name={name} />
        </div>
      </div>
    </section>
  );
}

function IdentityFacts({ identity }: { identity: FirearmIdentityJson }) {
  return (
    <dl className={styles.facts}>
      <Fact label="Manufacturer" value={identity.manufacturer} />
      <Fact label="Model" value={identity.model} />
      <Fact label="Variant or generation" value={identity.variant ?? 'Not told apart by what was given'} />
      <Fact label="Caliber" value={identity.caliber ?? 'Not known'} />
      <Fact label="Category" value={familyLabelByKey(identity.family)} />
      <Fact label="Transfer" value={transferRule(identity)} />
    </dl>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Reasons({ reasons }: { reasons: FirearmCandidateJson['reasons'] }) {
  if (reasons.length === 0) return <p className={styles.help}>Nothing written matched a name we know.</p>;
  return (
    <ul className={styles.reasons}>
      {reasons.map((reason) => (
        <li key={`${reason.part}-${reason.field}-${reason.written}`}>
          <span className={styles.reasonPart}>{REASON_PARTS[reason.part]}:</span> “{reason.written}”
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> read as </span>
          <strong>{reason.value}</strong>{' '}
          <span className={styles.reasonWhere}>
            (in {REASON_FIELDS[reason.field]}
            {reason.typo ? ', misspelling corrected' : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}

function Alternatives({ alternatives }: { alternatives: readonly FirearmCandidateJson[] }) {
  return (
    <section className={styles.panel} aria-labelledby="alternatives-heading">
      <h3 id="alternatives-heading" className={styles.panelHeading}>
        It could also be
      </h3>
      <ol className={styles.alternatives}>
        {alternatives.map((candidate) => (
          <li
            key={`${candidate.identity.modelId}-${candidate.identity.variantId ?? ''}-${candidate.identity.caliberId ?? ''}`}
          >
            <span className={styles.alternativeName}>
              {identityName(candidate.identity)}
              {candidate.identity.caliber ? ` in ${candidate.identity.caliber}` : ''}
            </span>{' '}
            <span className={styles.alternativeConfidence} data-numeric="">
              {percent(candidate.confidence)} match
            </span>
            {candidate.reasons.length > 0 ? (
              <span className={styles.reasonWhere}>
                {' '}
                Matched:{' '}
                {candidate.reasons
                  .map((reason) => `${REASON_PARTS[reason.part].toLowerCase()} “${reason.written}”`)
                  .join(', ')}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Photos({ images, name }: { images: readonly string[]; name: string }) {
  const { apiOrigin } = usePlatform();
  if (images.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="photos-heading">
      <h3 id="photos-heading" className={styles.panelHeading}>
        Your photos
      </h3>
      <p className={styles.help}>Stored without location or camera data.</p>
      <ul className={styles.storedPhotos}>
        {images.map((image, index) => (
          <li key={image}>
            <img
              src={image.startsWith('/') ? `${apiOrigin}${image}` : image}
              alt={`${name}, as you sent it: ${index + 1} of ${images.length}`}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
