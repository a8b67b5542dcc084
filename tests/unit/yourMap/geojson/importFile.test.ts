import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_WORKER_START_MS,
  OFF_MAIN_THREAD_BYTES,
  OFF_MAIN_THREAD_OTHER_BYTES,
  importFile,
  startInlineWorker,
  type ImportWorkerPort,
} from '../../../../src/yourMap/geojson/importFile';
import {
  IMPORT_WORKER_STARTED,
  answerImportRequest,
  type ImportRequest,
} from '../../../../src/yourMap/geojson/importRequest';
import { MAX_IMPORT_BYTES } from '../../../../src/yourMap/geojson/importResult';
import { parseImport } from '../../../../src/yourMap/geojson/parseImport';
import { byCreated, type FeatureRecord } from '../../../../src/yourMap/model';
import { collection, failure, options, point, records } from './support';

afterEach(() => {
  vi.useRealTimers();
});

/** Large inputs: seconds on a busy machine, not the default five. */
const LARGE = { timeout: 30_000 };

/** A worker port that records what happens to it; `behave` decides how it answers. */
function recordingWorker(
  behave: (
    port: { answer: (data: unknown) => void; fail: (why: string) => void },
    request: ImportRequest,
  ) => void,
) {
  const log: string[] = [];
  let answer: (data: unknown) => void = () => {};
  let fail: (why: string) => void = () => {};
  const port: ImportWorkerPort = {
    listen(onAnswer, onFailure) {
      answer = onAnswer;
      fail = onFailure;
    },
    post(request) {
      log.push('posted');
      behave({ answer, fail }, request);
    },
    terminate() {
      log.push('terminated');
    },
  };
  return {
    log,
    startWorker: () => {
      log.push('started');
      return port;
    },
  };
}

function fileOf(text: string): Blob {
  return new Blob([text], { type: 'application/geo+json' });
}

/** A file just over OFF_MAIN_THREAD_BYTES: points named `Big 0`, `Big 1`… */
function bigFile(): Blob {
  const one = JSON.stringify(point(0, 0, { name: 'Big 0', note: 'x'.repeat(100) })).length;
  const count = Math.ceil(OFF_MAIN_THREAD_BYTES / one) + 1;
  const features = Array.from({ length: count }, (_, i) =>
    point(i % 180, i % 90, { name: `Big ${i}`, note: 'x'.repeat(100) }),
  );
  const file = fileOf(JSON.stringify(collection(...features)));
  expect(file.size).toBeGreaterThan(OFF_MAIN_THREAD_BYTES);
  return file;
}

class UnreadableBlob extends Blob {
  override text(): Promise<string> {
    return Promise.reject(new Error('The file was moved'));
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new Error('The file was moved'));
  }
}

/** The bytes of a file saved in Windows-1252 (Latin-1 for these letters): one byte a letter. */
function latin1(text: string): Blob {
  return new Blob([Uint8Array.from(text, (letter) => letter.charCodeAt(0))]);
}

describe('importFile', () => {
  it('parses a small file on this thread, with the given ids', async () => {
    const worker = recordingWorker(() => {});
    const result = await importFile(
      fileOf(JSON.stringify(point(1, 2, { name: 'Here' }))),
      options(),
      worker,
    );
    expect(records(result)).toMatchObject([{ id: 'new-1', name: 'Here' }]);
    expect(worker.log).toEqual([]);
  });

  it('refuses a file over MAX_IMPORT_BYTES before reading it', async () => {
    let read = false;
    class HugeBlob extends Blob {
      override get size(): number {
        return MAX_IMPORT_BYTES + 1;
      }
      override text(): Promise<string> {
        read = true;
        return super.text();
      }
      override arrayBuffer(): Promise<ArrayBuffer> {
        read = true;
        return super.arrayBuffer();
      }
    }
    const worker = recordingWorker(() => {});
    const result = await importFile(new HugeBlob(['{}']), options(), worker);
    expect(failure(result)).toEqual({
      message: 'The file is 50.1 MB; files of up to 50 MB can be imported.',
      featureIndex: null,
    });
    expect(read).toBe(false);
    expect(worker.log).toEqual([]);
  });

  it('says so when a file cannot be read', async () => {
    const result = await importFile(new UnreadableBlob(['{}']), options());
    expect(failure(result)).toEqual({
      message: 'The file could not be read: The file was moved',
      featureIndex: null,
    });
  });

  it('refuses a file that is not UTF-8, saying where, rather than replace its letters', async () => {
    const text = JSON.stringify(point(1, 2, { name: 'Köln Dom' }), null, 1);
    const result = await importFile(latin1(text), options());
    const line = text.split('\n').findIndex((row) => row.includes('Köln')) + 1;
    const column = text.split('\n')[line - 1]!.indexOf('ö') + 1;
    expect(failure(result)).toEqual({
      message:
        `The file is not UTF-8 text: the byte 0xF6 at line ${line}, column ${column} is not ` +
        'UTF-8 (was it saved as Windows-1252 or Latin-1?). GeoJSON is UTF-8: save the file as ' +
        'UTF-8 and import it again.',
      featureIndex: null,
    });
    // The same in the worker that reads large files.
    const request = { source: latin1(text), options: options() };
    expect(failure(await answerImportRequest(request))?.message).toMatch(/^The file is not UTF-8/);
  });

  it('reads UTF-8 with or without its byte order mark, and UTF-16 that says so', async () => {
    const text = JSON.stringify(point(1, 2, { name: 'Köln 東京 👩‍👩‍👧', note: 'القاهرة' }));
    const utf16 = (littleEndian: boolean) => {
      const bytes = new Uint8Array(2 + text.length * 2);
      const view = new DataView(bytes.buffer);
      view.setUint16(0, 0xfeff, littleEndian);
      for (let i = 0; i < text.length; i += 1)
        view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
      return new Blob([bytes]);
    };
    for (const file of [
      fileOf(text),
      new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), text]),
      utf16(true),
      utf16(false),
    ]) {
      expect(records(await importFile(file, options()))).toMatchObject([
        { name: 'Köln 東京 👩‍👩‍👧', note: 'القاهرة' },
      ]);
    }
  });

  describe(`a file over ${OFF_MAIN_THREAD_BYTES} bytes`, () => {
    it('is read and parsed in a worker, which is terminated afterwards', LARGE, async () => {
      const file = bigFile();
      const sent: ImportRequest[] = [];
      const worker = recordingWorker(({ answer }, request) => {
        sent.push(request);
        void answerImportRequest(request).then(answer);
      });
      const result = await importFile(
        file,
        options({ existingIds: new Set(['a']), nextPinNumber: 3 }),
        worker,
      );
      expect(worker.log).toEqual(['started', 'posted', 'terminated']);
      expect(sent[0]).toEqual({
        source: file,
        options: {
          tab: 'tab-b',
          now: expect.any(Number),
          existingIds: new Set(['a']),
          nextPinNumber: 3,
        },
      });
      const imported = records(result);
      expect(imported[0]?.name).toBe('Big 0');
      // The worker makes its own ids: a count in file order, then one random UUID for the import.
      expect(imported[0]?.id).toMatch(
        /^000001-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(new Set(imported.map((record) => record.id)).size).toBe(imported.length);
      expect([...imported].sort(byCreated)).toEqual(imported);
    });

    it('gives the same result as a parse on this thread, ids aside', LARGE, async () => {
      const file = bigFile();
      const here = records(parseImport(await file.text(), options()));
      const there = records(await importFile(file, options(), { startWorker: startInlineWorker }));
      const withoutId = ({ id: _id, ...rest }: FeatureRecord) => rest;
      expect(there.map(withoutId)).toEqual(here.map(withoutId));
      expect(there.length).toBeGreaterThan(4000);
    });

    it('turns a worker that fails once started into a clear fault, and terminates it', async () => {
      const worker = recordingWorker(({ answer, fail }) => {
        answer(IMPORT_WORKER_STARTED);
        fail('RangeError: out of memory');
      });
      const result = await importFile(bigFile(), options(), worker);
      expect(failure(result)).toEqual({
        message:
          'The file could not be imported: the import stopped unexpectedly (RangeError: out of memory).',
        featureIndex: null,
      });
      expect(worker.log).toEqual(['started', 'posted', 'terminated']);
    });

    it(
      'reads the file on this thread when the worker cannot start (its script not to be had)',
      LARGE,
      async () => {
        const file = bigFile();
        const here = records(parseImport(await file.text(), options()));
        const worker = recordingWorker(({ fail }) => fail('the worker could not start'));
        const there = records(await importFile(file, options(), worker));
        const withoutId = ({ id: _id, ...rest }: FeatureRecord) => rest;
        expect(there.map(withoutId)).toEqual(here.map(withoutId));
        expect(worker.log).toEqual(['started', 'posted', 'terminated']);
      },
    );

    it(
      'reads the file on this thread when the worker has not started after IMPORT_WORKER_START_MS',
      LARGE,
      async () => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        const file = bigFile();
        const worker = recordingWorker(() => {});
        const settled = vi.fn();
        const result = importFile(file, options(), worker);
        void result.then(settled);
        await vi.advanceTimersByTimeAsync(IMPORT_WORKER_START_MS - 1);
        expect(settled).not.toHaveBeenCalled();
        expect(worker.log).toEqual(['started', 'posted']);
        await vi.advanceTimersByTimeAsync(1);
        vi.useRealTimers();
        expect(records(await result)[0]?.name).toBe('Big 0');
        expect(worker.log).toEqual(['started', 'posted', 'terminated']);
      },
    );

    it('waits as long as a started worker needs', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let answerLater: (data: unknown) => void = () => {};
      const worker = recordingWorker(({ answer }) => {
        answer(IMPORT_WORKER_STARTED);
        answerLater = answer;
      });
      const settled = vi.fn();
      const result = importFile(bigFile(), options(), worker);
      void result.then(settled);
      await vi.advanceTimersByTimeAsync(IMPORT_WORKER_START_MS * 6);
      expect(settled).not.toHaveBeenCalled();
      const done = {
        ok: true,
        records: [],
        notImportedYet: 1,
        withoutGeometry: 0,
        alreadyThere: 0,
        copies: [],
      };
      answerLater(done);
      vi.useRealTimers();
      expect(await result).toEqual(done);
    });

    it('refuses an answer that is not a result', async () => {
      const worker = recordingWorker(({ answer }) => answer({ records: 'all of them' }));
      const result = await importFile(bigFile(), options(), worker);
      expect(failure(result).message).toBe(
        'The file could not be imported: the import stopped unexpectedly (its answer was not a result).',
      );
      expect(worker.log).toContain('terminated');
    });

    it('keeps the first of several answers', async () => {
      const worker = recordingWorker(({ answer, fail }) => {
        answer({
          ok: true,
          records: [],
          notImportedYet: 2,
          withoutGeometry: 0,
          alreadyThere: 0,
          copies: [],
        });
        fail('too late');
      });
      const result = await importFile(bigFile(), options(), worker);
      expect(result).toEqual({
        ok: true,
        records: [],
        notImportedYet: 2,
        withoutGeometry: 0,
        alreadyThere: 0,
        copies: [],
      });
      expect(worker.log.filter((entry) => entry === 'terminated')).toHaveLength(1);
    });

    it('reads the file on this thread when no worker can be made', LARGE, async () => {
      const result = await importFile(bigFile(), options(), {
        startWorker: () => {
          throw new Error('Workers are not allowed');
        },
      });
      expect(records(result)[0]?.name).toBe('Big 0');
    });
  });
});

describe('answerImportRequest (the worker’s side)', () => {
  it('parses text as well as a file', async () => {
    const result = await answerImportRequest({
      source: JSON.stringify(point(1, 2)),
      options: { tab: 't', now: 5 },
    });
    expect(records(result)).toMatchObject([{ name: 'Pin 1', by: 't', created: 5 }]);
  });

  it('refuses a request it cannot read', async () => {
    for (const request of [
      null,
      'text',
      { source: 1, options: { tab: 't', now: 1 } },
      { source: '{}', options: { tab: 't' } },
    ]) {
      expect(failure(await answerImportRequest(request)).message).toBe(
        'The import was sent something it cannot read.',
      );
    }
  });

  it('reports a file it cannot read', async () => {
    const result = await answerImportRequest({
      source: new UnreadableBlob([]),
      options: { tab: 't', now: 1 },
    });
    expect(failure(result).message).toBe('The file could not be read: The file was moved');
  });

  it('reports a fault as a result, never by silence', async () => {
    const result = await answerImportRequest({ source: '{"type":', options: { tab: 't', now: 1 } });
    expect(failure(result).message).toMatch(/^The file is not JSON, so not GeoJSON: /);
  });

  describe(`a file of another format over ${OFF_MAIN_THREAD_OTHER_BYTES} bytes`, () => {
    /** KML of `count` Placemarks, or the same points as GeoJSON, each about 100 bytes. */
    const placemarks = (count: number) =>
      '\uFEFF<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      Array.from(
        { length: count },
        (_, i) =>
          `<Placemark><name>K ${i}</name><Point><coordinates>${i % 180},${i % 90}</coordinates></Point></Placemark>`,
      ).join('') +
      '</Document></kml>';
    const inWorker = () =>
      recordingWorker(({ answer }, request) => {
        answer(IMPORT_WORKER_STARTED);
        void answerImportRequest(request).then(answer);
      });

    it('is converted in the worker: KML, and a spreadsheet, though under 1 MB', LARGE, async () => {
      const kml = new Blob([placemarks(1500)]);
      expect(kml.size).toBeGreaterThan(OFF_MAIN_THREAD_OTHER_BYTES);
      expect(kml.size).toBeLessThan(OFF_MAIN_THREAD_BYTES);
      const worker = inWorker();
      const pins = records(await importFile(kml, options(), worker));
      expect(worker.log).toEqual(['started', 'posted', 'terminated']);
      expect(pins).toHaveLength(1500);
      expect(pins[1499]?.name).toBe('K 1499');

      const csv = new Blob([
        'name,lat,lon\n' +
          Array.from({ length: 8000 }, (_, i) => `C ${i},${i % 90},${i % 180}`).join('\n'),
      ]);
      expect(csv.size).toBeGreaterThan(OFF_MAIN_THREAD_OTHER_BYTES);
      const csvWorker = inWorker();
      expect(records(await importFile(csv, options(), csvWorker))).toHaveLength(8000);
      expect(csvWorker.log).toEqual(['started', 'posted', 'terminated']);
    });

    it('leaves JSON of the same size, and smaller files, on this thread', LARGE, async () => {
      const features = Array.from({ length: 1500 }, (_, i) =>
        point(i % 180, i % 90, { name: `J ${i}` }),
      );
      const json = new Blob([`\uFEFF \n${JSON.stringify(collection(...features))}`]);
      expect(json.size).toBeGreaterThan(OFF_MAIN_THREAD_OTHER_BYTES);
      const worker = inWorker();
      expect(records(await importFile(json, options(), worker))).toHaveLength(1500);
      const small = new Blob([placemarks(10)]);
      expect(records(await importFile(small, options(), worker))).toHaveLength(10);
      expect(worker.log).toEqual([]);
    });
  });

  it('cancelled, terminates its worker at once and keeps nothing; cancelled first, starts none', async () => {
    const controller = new AbortController();
    const worker = recordingWorker(({ answer }) => {
      answer(IMPORT_WORKER_STARTED);
      controller.abort();
      answer({
        ok: true,
        records: [],
        notImportedYet: 0,
        withoutGeometry: 0,
        alreadyThere: 0,
        copies: [],
      });
    });
    const cancelled = await importFile(bigFile(), options(), worker, controller.signal);
    expect(failure(cancelled).message).toBe('The import was cancelled.');
    expect(worker.log).toEqual(['started', 'posted', 'terminated']);

    const none = recordingWorker(() => {});
    const before = await importFile(bigFile(), options(), none, controller.signal);
    expect(failure(before).message).toBe('The import was cancelled.');
    expect(none.log).toEqual([]);
  });
});
