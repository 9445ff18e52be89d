/** Where a recording goes once saved: `/record/:flag/:broadcastid`'s flag (ARCHITECTURE §6). */
export type RecordingFlag = 'library' | 'followup' | 'menu';

/** The upload a stored recording has on the server, so a reload resumes the same one. */
export interface StoredUpload {
  videoId: string;
  partSize: number;
  partCount: number;
  /** Bytes of the file the upload was started for. */
  size: number;
  contentType: string;
}

/** A recording in the browser: what it is for, and how much of it the chunks hold. */
export interface StoredRecording {
  id: string;
  title: string;
  flag: RecordingFlag;
  /** The broadcast id: `new`, a call id or a menu item id. */
  ref: string;
  mimeType: string;
  /** ISO 8601. */
  startedAt: string;
  chunkCount: number;
  bytes: number;
  /** Recorded time, kept as the recording goes (the last timeslice may be missing after a crash). */
  durationMs: number;
  /** The server's video id once an upload was started. */
  uploadVideoId?: string;
  upload?: StoredUpload;
}

export type NewRecording = Omit<StoredRecording, 'chunkCount' | 'bytes' | 'durationMs' | 'startedAt'> &
  Partial<Pick<StoredRecording, 'startedAt' | 'durationMs'>>;

interface StoredChunk {
  recordingId: string;
  index: number;
  blob: Blob;
}

export interface ChunkStore {
  createRecording: (recording: NewRecording) => Promise<StoredRecording>;
  getRecording: (id: string) => Promise<StoredRecording | undefined>;
  listRecordings: () => Promise<StoredRecording[]>;
  /** Changes some fields; `undefined` values remove them. Answers the new record, if it exists. */
  updateRecording: (
    id: string,
    patch: Partial<Omit<StoredRecording, 'id' | 'chunkCount' | 'bytes'>>,
  ) => Promise<StoredRecording | undefined>;
  /** Writes one chunk and counts it on its recording, in one transaction. */
  appendChunk: (recordingId: string, index: number, blob: Blob) => Promise<void>;
  /** The chunks in recording order. */
  listChunks: (recordingId: string) => Promise<Blob[]>;
  /** The whole file: every stored chunk in order, typed with the recording's MIME type. */
  assemble: (recordingId: string) => Promise<Blob>;
  /** Removes the recording and all its chunks. */
  deleteRecording: (recordingId: string) => Promise<void>;
  close: () => void;
}

export const CHUNK_DB_NAME = 'parley-recordings';
const DB_VERSION = 1;
const RECORDINGS = 'recordings';
const CHUNKS = 'chunks';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

function chunkRange(recordingId: string): IDBKeyRange {
  return IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]);
}

function openDatabase(name: string, factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(RECORDINGS)) {
        db.createObjectStore(RECORDINGS, { keyPath: 'id' });
      }
      if (!db.objectStoreNames.contains(CHUNKS)) {
        db.createObjectStore(CHUNKS, { keyPath: ['recordingId', 'index'] });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new DOMException('The recordings database is blocked', 'InvalidStateError'));
  });
}

/**
 * The recordings of this browser in IndexedDB: a `recordings` store (one record per recording)
 * and a `chunks` store (each MediaRecorder timeslice as it arrived, keyed by recording and index),
 * so that a crash loses at most the timeslice in flight.
 */
export async function openChunkStore(
  name: string = CHUNK_DB_NAME,
  factory: IDBFactory = globalThis.indexedDB,
): Promise<ChunkStore> {
  const db = await openDatabase(name, factory);
  // Another tab upgrading the database closes this connection rather than blocking it.
  db.onversionchange = () => db.close();

  async function getRecording(id: string): Promise<StoredRecording | undefined> {
    return promised(db.transaction(RECORDINGS).objectStore(RECORDINGS).get(id) as IDBRequest<StoredRecording>);
  }

  async function listChunks(recordingId: string): Promise<Blob[]> {
    const chunks = await promised(
      db.transaction(CHUNKS).objectStore(CHUNKS).getAll(chunkRange(recordingId)) as IDBRequest<StoredChunk[]>,
    );
    // Compound keys come back ordered by index already; sorting keeps that explicit.
    return chunks.sort((a, b) => a.index - b.index).map((chunk) => chunk.blob);
  }

  return {
    async createRecording(recording) {
      const stored: StoredRecording = {
        startedAt: new Date().toISOString(),
        durationMs: 0,
        ...recording,
        chunkCount: 0,
        bytes: 0,
      };
      const transaction = db.transaction(RECORDINGS, 'readwrite');
      transaction.objectStore(RECORDINGS).add(stored);
      await completed(transaction);
      return stored;
    },

    getRecording,

    async listRecordings() {
      return promised(db.transaction(RECORDINGS).objectStore(RECORDINGS).getAll() as IDBRequest<StoredRecording[]>);
    },

    async updateRecording(id, patch) {
      const transaction = db.transaction(RECORDINGS, 'readwrite');
      const store = transaction.objectStore(RECORDINGS);
      let updated: StoredRecording | undefined;
      const current = (await promised(store.get(id))) as StoredRecording | undefined;
      if (current) {
        const next: Record<string, unknown> = { ...current };
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) {
            delete next[key];
          } else {
            next[key] = value;
          }
        }
        updated = next as unknown as StoredRecording;
        store.put(updated);
      }
      await completed(transaction);
      return updated;
    },

    async appendChunk(recordingId, index, blob) {
      const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
      const recordings = transaction.objectStore(RECORDINGS);
      const chunks = transaction.objectStore(CHUNKS);
      const done = completed(transaction);
      const recording = (await promised(recordings.get(recordingId))) as StoredRecording | undefined;
      if (!recording) {
        transaction.abort();
        await done.catch(() => {});
        throw new DOMException(`No recording ${recordingId}`, 'NotFoundError');
      }
      // Writing the same index twice replaces it and counts it once.
      const previous = (await promised(chunks.get([recordingId, index]))) as StoredChunk | undefined;
      chunks.put({ recordingId, index, blob } satisfies StoredChunk);
      recordings.put({
        ...recording,
        chunkCount: Math.max(recording.chunkCount, index + 1),
        bytes: recording.bytes + blob.size - (previous?.blob.size ?? 0),
      } satisfies StoredRecording);
      await done;
    },

    listChunks,

    async assemble(recordingId) {
      const [recording, chunks] = await Promise.all([getRecording(recordingId), listChunks(recordingId)]);
      return new Blob(chunks, { type: recording?.mimeType ?? chunks[0]?.type ?? '' });
    },

    async deleteRecording(recordingId) {
      const transaction = db.transaction([RECORDINGS, CHUNKS], 'readwrite');
      transaction.objectStore(RECORDINGS).delete(recordingId);
      transaction.objectStore(CHUNKS).delete(chunkRange(recordingId));
      await completed(transaction);
    },

    close: () => db.close(),
  };
}

let shared: Promise<ChunkStore> | null = null;

/** The app's one connection to the recordings database, opened on first use. */
export function getChunkStore(): Promise<ChunkStore> {
  if (!shared) {
    shared = openChunkStore().catch((error: unknown) => {
      shared = null;
      throw error;
    });
  }
  return shared;
}
