// s3rver ships no types; the tests use only this much of it.
declare module 's3rver' {
  type Options = { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string }[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
