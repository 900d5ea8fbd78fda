import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DISTRIBUTOR_FEED_FORMAT_NAMES,
  type DistributorFeed,
  DistributorFeedFormat,
  DistributorFeedSchedule,
  DistributorFeedSource,
  distributorFeedInputSchema,
  FEED_MAPPING_COLUMNS,
  FEED_REQUIRED_COLUMNS,
  type FeedMappingColumn,
} from '../../../shared/contract/distributor-feeds.ts';
import { LISTING_DELIVERY_DAYS_DEFAULT } from '../../../shared/contract/listing-input.ts';
import { formatPrice } from '../../../shared/domain/listing-card.ts';
import {
  applyPriceRule,
  DEFAULT_PRICE_RULE,
  PriceMarkupKind,
  PriceRounding,
} from '../../../shared/domain/price-rule.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';
import { zodResolver } from '../../lib/zod-resolver.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, FieldError, FormError, FormField, SelectInput, TextInput } from '../../ui/form-field.tsx';
import { useSaveDistributorFeed } from './api/use-distributor-feeds.ts';
import styles from './distributor-feeds.module.css';
import { guessFeedMapping, headersOf } from './feed-columns.ts';

type FeedFormInput = z.input<typeof distributorFeedInputSchema>;
type FeedFormOutput = z.output<typeof distributorFeedInputSchema>;

const SERVER_FIELDS = [
  'name',
  'url',
  'format',
  'columnMapping',
  'priceRule.amount',
  'shippingCost',
  'deliveryDays',
  'schedule',
] as const;

const ROUNDING_LABELS: Readonly<Record<PriceRounding, string>> = {
  none: 'To the cent',
  cents99: 'Up to .99',
  whole: 'Up to the whole dollar',
};

const SCHEDULE_LABELS: Readonly<Record<DistributorFeedSchedule, string>> = {
  Hourly: 'Every hour',
  Daily: 'Every day',
  Weekly: 'Every week',
};

const COLUMN_LABELS: Readonly<Record<FeedMappingColumn, string>> = {
  stock_number: 'Stock number',
  upc: 'UPC',
  title: 'Title',
  category: 'Category',
  manufacturer: 'Manufacturer',
  model: 'Model',
  caliber: 'Caliber',
  condition: 'Condition',
  price: 'Your cost',
  quantity: 'Quantity',
  description: 'Description',
  image_urls: 'Image links',
  shipping_cost: 'Shipping cost',
  delivery_days: 'Days to ship',
  excluded_states: 'States you do not ship to',
  listing_type: 'Listing type (Auction)',
  duration_days: 'Auction days',
  reserve_price: 'Reserve price',
  buy_now_price: 'Buy-now price',
  auction_start: 'Auction start',
  map_price: 'MAP',
  msrp: 'MSRP',
};

/** A sample cost for the price preview. */
const PREVIEW_COST = 100;

function defaultsOf(feed: DistributorFeed | null): FeedFormInput {
  if (!feed) {
    return {
      name: '',
      source: DistributorFeedSource.Url,
      url: '',
      format: DistributorFeedFormat.Rsr,
      columnMapping: {},
      priceRule: DEFAULT_PRICE_RULE,
      shippingCost: 0,
      deliveryDays: LISTING_DELIVERY_DAYS_DEFAULT,
      schedule: DistributorFeedSchedule.Daily,
      isActive: true,
      pullNow: false,
    };
  }
  return {
    id: feed.id,
    name: feed.name,
    source: feed.source,
    url: feed.url ?? '',
    format: feed.format,
    columnMapping: feed.columnMapping ?? {},
    priceRule: feed.priceRule,
    shippingCost: feed.shippingCost,
    deliveryDays: feed.deliveryDays,
    schedule: feed.schedule,
    isActive: feed.isActive,
    pullNow: false,
  };
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export interface DistributorFeedFormProps {
  /** The feed to change; null adds one. */
  feed: DistributorFeed | null;
  onSaved: (feed: DistributorFeed) => void;
  onCancel: () => void;
}

/** Adds or changes a distributor feed: where it comes from, its format, how items are priced, when it is pulled. */
export function DistributorFeedForm({ feed, onSaved, onCancel }: DistributorFeedFormProps) {
  const save = useSaveDistributorFeed();
  const [defaults] = useState(() => defaultsOf(feed));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FeedFormInput, unknown, FeedFormOutput>({
    resolver: zodResolver(distributorFeedInputSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const source = watch('source');
  const format = watch('format');
  const rule = watch('priceRule');
  const preview =
    rule && Number.isFinite(rule.amount) && rule.amount >= 0
      ? applyPriceRule({ markup: rule.markup, amount: rule.amount, rounding: rule.rounding }, PREVIEW_COST)
      : null;

  const [guessed, setGuessed] = useState(false);
  // A generic CSV chosen from disk: its header row fills the columns not mapped yet.
  useEffect(() => {
    if (!file || format !== DistributorFeedFormat.GenericCsv) return;
    let current = true;
    void headersOf(file).then((headers) => {
      if (!current) return;
      let filled = false;
      for (const [column, header] of Object.entries(guessFeedMapping(headers)) as [
        FeedMappingColumn,
        string,
      ][]) {
        if (getValues(`columnMapping.${column}`)) continue;
        setValue(`columnMapping.${column}`, header, { shouldDirty: true });
        filled = true;
      }
      setGuessed(filled);
    });
    return () => {
      current = false;
    };
  }, [file, format, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setFileError(null);
    if (values.source === DistributorFeedSource.Upload && !file && !feed?.fileName) {
      setFileError('Choose the feed file to upload.');
      return;
    }
    try {
      const saved = await save.mutateAsync({
        body: {
          ...values,
          url: values.source === DistributorFeedSource.Url ? values.url : undefined,
          columnMapping:
            values.format === DistributorFeedFormat.GenericCsv ? values.columnMapping : undefined,
        },
        file: values.source === DistributorFeedSource.Upload ? file : null,
      });
      onSaved(saved);
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.feedFile) setFileError(fields.feedFile);
      setFormError(
        applyServerErrors(error, setError, SERVER_FIELDS, 'The feed could not be saved. Please try again.'),
      );
    }
  });

  const title = feed ? `Change ${feed.name}` : 'Add a distributor feed';
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={title}>
      <h3 className={styles.formTitle}>{title}</h3>
      <FormError>{formError}</FormError>
      <FormField label="Feed name" error={errors.name?.message}>
        {(control) => <TextInput {...control} autoComplete="off" {...register('name')} />}
      </FormField>
      <FormField label="Format" error={errors.format?.message}>
        {(control) => (
          <SelectInput {...control} defaultValue={defaults.format} {...register('format')}>
            {Object.values(DistributorFeedFormat).map((value) => (
              <option key={value} value={value}>
                {DISTRIBUTOR_FEED_FORMAT_NAMES[value]}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Where the file comes from</legend>
        <label className={styles.radio}>
          <input type="radio" value={DistributorFeedSource.Url} {...register('source')} />
          An address the distributor gives you (http or https)
        </label>
        <label className={styles.radio}>
          <input type="radio" value={DistributorFeedSource.Upload} {...register('source')} />A file you upload
        </label>
        {source === DistributorFeedSource.Url ? (
          <FormField
            label="Feed address"
            error={errors.url?.message}
            help="Include your account’s user name and password in the address if the distributor asks for them."
          >
            {(control) => (
              <TextInput
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...register('url', { setValueAs: emptyAsUndefined })}
              />
            )}
          </FormField>
        ) : (
          <FormField
            label="Feed file"
            error={fileError ?? undefined}
            help={
              feed?.fileName
                ? `Now: ${feed.fileName}. Choose a file to replace it.`
                : 'A CSV or text file of up to 50 MB.'
            }
          >
            {(control) => (
              <input
                {...control}
                className={styles.file}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setFileError(null);
                }}
              />
            )}
          </FormField>
        )}
      </fieldset>

      {format === DistributorFeedFormat.GenericCsv ? (
        <fieldset
          className={styles.group}
          aria-describedby={errors.columnMapping?.message ? 'feed-mapping-error' : undefined}
        >
          <legend className={styles.legend}>Columns of your file</legend>
          <p className={styles.help}>
            For each of our columns, the header of your file that holds it. Your cost is marked up by the
            price rule below; on a line your listing type column marks as an auction, that price is the
            starting bid.
            {guessed ? ' Columns were filled in from your file’s header; check them before saving.' : null}
          </p>
          <div className={styles.mapping}>
            {FEED_MAPPING_COLUMNS.map((column) => (
              <FormField
                key={column}
                label={COLUMN_LABELS[column]}
                optional={!FEED_REQUIRED_COLUMNS.includes(column)}
                error={errors.columnMapping?.[column]?.message}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    autoComplete="off"
                    {...register(`columnMapping.${column}`, { setValueAs: emptyAsUndefined })}
                  />
                )}
              </FormField>
            ))}
          </div>
          <FieldError id="feed-mapping-error">{errors.columnMapping?.message}</FieldError>
        </fieldset>
      ) : null}

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Your price</legend>
        <div className={styles.row}>
          <FormField label="Markup">
            {(control) => (
              <SelectInput
                {...control}
                defaultValue={defaults.priceRule.markup}
                {...register('priceRule.markup')}
              >
                <option value={PriceMarkupKind.Percent}>Percent over cost</option>
                <option value={PriceMarkupKind.Amount}>Dollars over cost</option>
              </SelectInput>
            )}
          </FormField>
          <FormField label="Markup amount" error={errors.priceRule?.amount?.message}>
            {(control) => (
              <TextInput
                {...control}
                type="number"
                min={0}
                step="0.01"
                {...register('priceRule.amount', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label="Rounding">
            {(control) => (
              <SelectInput
                {...control}
                defaultValue={defaults.priceRule.rounding}
                {...register('priceRule.rounding')}
              >
                {Object.values(PriceRounding).map((value) => (
                  <option key={value} value={value}>
                    {ROUNDING_LABELS[value]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
        <p className={styles.help} aria-live="polite">
          {preview === null
            ? 'Enter a markup to see a sample price.'
            : `An item that costs you ${formatPrice(PREVIEW_COST)} lists at ${formatPrice(preview)}, and never below the MAP the distributor sets.`}
        </p>
        <div className={styles.row}>
          <FormField
            label="Shipping cost per item"
            error={errors.shippingCost?.message}
            help="0 for free shipping."
          >
            {(control) => (
              <TextInput
                {...control}
                type="number"
                min={0}
                step="0.01"
                {...register('shippingCost', { valueAsNumber: true })}
              />
            )}
          </FormField>
          <FormField label="Days to ship" error={errors.deliveryDays?.message}>
            {(control) => (
              <TextInput
                {...control}
                type="number"
                min={0}
                step={1}
                {...register('deliveryDays', { valueAsNumber: true })}
              />
            )}
          </FormField>
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>When it is pulled</legend>
        <FormField label="Schedule" error={errors.schedule?.message}>
          {(control) => (
            <SelectInput {...control} defaultValue={defaults.schedule} {...register('schedule')}>
              {Object.values(DistributorFeedSchedule).map((value) => (
                <option key={value} value={value}>
                  {SCHEDULE_LABELS[value]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <Checkbox label="Pull this feed on its schedule" {...register('isActive')} />
        <Checkbox label="Pull it now when I save" {...register('pullNow')} />
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save feed'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
