import { describe, expect, it } from 'vitest';
import {
  type CallView,
  DEFAULT_CALL_VIEW,
  dateToDay,
  dayToDate,
  hasFilters,
  invertedRanges,
  parseCallView,
  serialiseCallView,
  toCallListQuery,
  withFilters,
  withPage,
  withSort,
  withTab,
} from './call-view';

const MEMBER = '00000000-0000-4000-8000-000000000abc';

/** The day the tests read addresses on: the last day of 2026, so every day they name has passed. */
const TODAY = new Date(2026, 11, 31, 12);

function parse(search: string): CallView {
  return parseCallView(new URLSearchParams(search), TODAY);
}

describe('parseCallView', () => {
  it('reads the defaults from an empty address', () => {
    expect(parse('')).toEqual(DEFAULT_CALL_VIEW);
  });

  it('reads every filter, the tab, the order and the page', () => {
    const view = parse(
      `tab=missed&from=2026-11-01&to=2026-11-20&receivedBy=${MEMBER}&answered=false&messageLeft=true` +
        '&callerName=%20Grace%20&transcript=refund+policy&holdMin=10&holdMax=60&durationMin=0&durationMax=600' +
        '&sort=holdSeconds&order=asc&current=2&pageSize=20',
    );
    expect(view).toEqual({
      tab: 'missed',
      filters: {
        from: '2026-11-01',
        to: '2026-11-20',
        receivedBy: MEMBER,
        answered: false,
        messageLeft: true,
        callerName: 'Grace',
        transcript: 'refund policy',
        holdMin: 10,
        holdMax: 60,
        durationMin: 0,
        durationMax: 600,
      },
      sort: 'holdSeconds',
      order: 'asc',
      current: 2,
      pageSize: 20,
    });
  });

  it('takes no future day for Calls between: today is the last', () => {
    const today = new Date(2026, 10, 26, 9);
    expect(parseCallView(new URLSearchParams('from=2026-11-26&to=2026-11-27'), today).filters).toEqual({
      from: '2026-11-26',
    });
    expect(parseCallView(new URLSearchParams('from=2099-01-01&to=2026-11-26'), today).filters).toEqual({
      to: '2026-11-26',
    });
  });

  it('ignores what is not valid, keeping the default of that part', () => {
    const view = parse(
      'tab=spam&from=2026-02-30&to=yesterday&receivedBy=42&answered=yes&messageLeft=1&callerName=%20%20' +
        `&transcript=${'x'.repeat(201)}&holdMin=-5&holdMax=1e3&durationMin=2.5&durationMax=99999999999` +
        '&sort=name&order=up&current=0&pageSize=1000',
    );
    expect(view).toEqual(DEFAULT_CALL_VIEW);
    expect(parse('current=abc&pageSize=-1')).toEqual(DEFAULT_CALL_VIEW);
  });

  it('keeps only a page size the size changer offers; another falls back to 10', () => {
    expect(parse('pageSize=50').pageSize).toBe(50);
    expect(parse('pageSize=25').pageSize).toBe(10);
    expect(parse('pageSize=7').pageSize).toBe(10);
  });

  it('keeps a range the wrong way round, for the server to refuse with the field named', () => {
    expect(parse('holdMin=60&holdMax=10').filters).toEqual({ holdMin: 60, holdMax: 10 });
    expect(invertedRanges(parse('holdMin=60&holdMax=10&from=2026-11-20&to=2026-11-01').filters)).toEqual([
      'dates',
      'hold',
    ]);
    expect(invertedRanges(parse('durationMin=9&durationMax=8').filters)).toEqual(['duration']);
    expect(invertedRanges(parse('holdMin=10&holdMax=10').filters)).toEqual([]);
  });
});

describe('serialiseCallView', () => {
  it('leaves the defaults out', () => {
    expect(serialiseCallView(DEFAULT_CALL_VIEW).toString()).toBe('');
  });

  it('writes the example of the brief', () => {
    const view: CallView = {
      ...DEFAULT_CALL_VIEW,
      tab: 'missed',
      filters: { holdMin: 10 },
      sort: 'holdSeconds',
      order: 'asc',
      current: 2,
    };
    expect(serialiseCallView(view).toString()).toBe('tab=missed&holdMin=10&sort=holdSeconds&order=asc&current=2');
  });

  it('round-trips every view it writes', () => {
    const views: CallView[] = [
      DEFAULT_CALL_VIEW,
      {
        tab: 'messages',
        filters: {
          from: '2026-01-01',
          to: '2026-12-31',
          receivedBy: MEMBER,
          answered: true,
          messageLeft: false,
          callerName: 'Zoë & Co?',
          transcript: 'a=b c',
          holdMin: 0,
          holdMax: 5,
          durationMin: 1,
          durationMax: 3600,
        },
        sort: 'durationSeconds',
        order: 'desc',
        current: 7,
        pageSize: 50,
      },
      { ...DEFAULT_CALL_VIEW, sort: 'incomingAt', order: 'asc' },
    ];
    for (const view of views) {
      expect(parseCallView(new URLSearchParams(serialiseCallView(view).toString()), TODAY)).toEqual(view);
    }
  });

  it('drops empty and blank filters', () => {
    const view = { ...DEFAULT_CALL_VIEW, filters: { callerName: '  ', transcript: '', holdMin: Number.NaN } };
    expect(serialiseCallView(view).toString()).toBe('');
    expect(hasFilters(view.filters)).toBe(false);
    expect(hasFilters({ answered: false })).toBe(true);
  });
});

describe('view changes', () => {
  const onPage3: CallView = { ...DEFAULT_CALL_VIEW, current: 3, filters: { callerName: 'Ada' } };

  it('starts from the first page when the tab, a filter or the order changes', () => {
    expect(withTab(onPage3, 'missed')).toMatchObject({ tab: 'missed', current: 1, filters: { callerName: 'Ada' } });
    expect(withFilters(onPage3, { holdMin: 5, callerName: ' ' })).toMatchObject({
      current: 1,
      filters: { holdMin: 5 },
    });
    expect(withSort(onPage3, 'holdSeconds', 'asc')).toMatchObject({ sort: 'holdSeconds', order: 'asc', current: 1 });
  });

  it('moves pages, and a new page size starts again from the first', () => {
    expect(withPage(onPage3, 4)).toMatchObject({ current: 4, pageSize: 10 });
    expect(withPage(onPage3, 4, 20)).toMatchObject({ current: 1, pageSize: 20 });
  });
});

describe('toCallListQuery', () => {
  it('asks for whole local days, and passes the other filters as they are', () => {
    const query = toCallListQuery(
      parse('tab=missed&from=2026-11-01&to=2026-11-20&answered=false&holdMin=10&sort=holdSeconds&order=asc&current=2'),
    );
    expect(query).toEqual({
      current: 2,
      pageSize: 10,
      tab: 'missed',
      from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 20, 23, 59, 59, 999).toISOString(),
      answered: false,
      holdMin: 10,
      sort: 'holdSeconds',
      order: 'asc',
    });
  });

  it('asks for the newest calls first by default', () => {
    expect(toCallListQuery(DEFAULT_CALL_VIEW)).toEqual({
      current: 1,
      pageSize: 10,
      tab: 'all',
      sort: 'incomingAt',
      order: 'desc',
    });
  });
});

describe('days', () => {
  it('reads and writes local calendar days', () => {
    expect(dateToDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(dayToDate('2024-02-29')).toEqual(new Date(2024, 1, 29));
    expect(dayToDate('2026-02-29')).toBeUndefined();
    expect(dayToDate('2026-1-5')).toBeUndefined();
    expect(dayToDate(undefined)).toBeUndefined();
  });
});
