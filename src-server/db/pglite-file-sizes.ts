/**
 * The sizes of the files of embedded PGlite's data folder, kept in memory. PostgreSQL asks a
 * relation's size (a seek to the end of each of its files) whenever it plans a statement that reads
 * the relation or one of its indexes, and at the start of most scans: about 400 times for one search
 * of the uncached mix. Emscripten's Node file system answers each with an `fstat`, which took an
 * eighth of the database thread's time under load. The files change size only through this file
 * system (one process holds the data folder, `data-lock.ts`), so a size, once read, follows the
 * writes that extend the file and is forgotten when the file is truncated.
 */

/** A file's node: the same object for every stream opened on one file while it exists. */
interface FsNode {
  mode: number;
}

interface FsStream {
  node: FsNode;
}

interface NodeFsOperations {
  stream_ops: {
    llseek(stream: FsStream, offset: number, whence: number): number;
    write(
      stream: FsStream,
      buffer: ArrayBufferView,
      offset: number,
      length: number,
      position?: number,
      canOwn?: boolean,
    ): number;
    setattr?(stream: FsStream, attributes: { size?: number }): void;
  };
  node_ops: {
    setattr(node: FsNode, attributes: { size?: number }): void;
  };
}

/** What this needs of PGlite's Emscripten module (`PGlite.Module`). */
export interface PgliteFileSystem {
  FS: { isFile(mode: number): boolean; ErrnoError: new (errno: number) => Error };
  NODEFS: unknown;
}

const SEEK_END = 2;
const EINVAL = 28;
const patched = new WeakSet<object>();

/**
 * Keeps the sizes of the files PGlite opens on the Node file system (`NODEFS`, a data folder on
 * disk): a seek to a file's end reads its size once, each write past it moves it on, and a
 * truncation (`ftruncate`, `O_TRUNC`, `fallocate`) forgets it. Patches the module's file system
 * operations once; an in-memory database (MEMFS) knows its sizes already and is left alone.
 */
export function keepFileSizes(module: PgliteFileSystem): void {
  const { FS } = module;
  const nodeFs = module.NODEFS as NodeFsOperations;
  if (patched.has(nodeFs)) return;
  patched.add(nodeFs);
  const sizes = new WeakMap<FsNode, number>();
  const { stream_ops: streams, node_ops: nodes } = nodeFs;
  const { llseek, write, setattr: setStreamAttributes } = streams;
  const { setattr: setNodeAttributes } = nodes;

  streams.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    const position = size + offset;
    if (position < 0) throw new FS.ErrnoError(EINVAL);
    return position;
  };
  streams.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write(stream, buffer, offset, length, position, canOwn);
    const size = sizes.get(stream.node);
    if (size !== undefined) {
      if (typeof position === 'number') sizes.set(stream.node, Math.max(size, position + written));
      else sizes.delete(stream.node);
    }
    return written;
  };
  if (setStreamAttributes) {
    streams.setattr = (stream, attributes) => {
      try {
        setStreamAttributes(stream, attributes);
      } finally {
        if (attributes.size !== undefined) sizes.delete(stream.node);
      }
    };
  }
  nodes.setattr = (node, attributes) => {
    try {
      setNodeAttributes(node, attributes);
    } finally {
      if (attributes.size !== undefined) sizes.delete(node);
    }
  };
}
