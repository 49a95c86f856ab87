import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { dockerEngineAnswers, freePort } from './provision';

/** A real S3-compatible server with an empty bucket, for the media store's tests. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  source: 'testcontainers' | 's3rver';
  stop(): Promise<void>;
}

const BUCKET = 'media-test';
const REGION = 'us-east-1';

async function createBucket(s3: Omit<TestS3, 'source' | 'stop'>): Promise<void> {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
  } finally {
    client.destroy();
  }
}

/** MinIO in a container when a Docker engine answers, else the s3rver package on a free port. */
export async function provideTestS3(): Promise<TestS3> {
  if (await dockerEngineAnswers()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const credentials = { accessKeyId: 'minio-test', secretAccessKey: 'minio-test-secret' };
    const container = await new GenericContainer('minio/minio:latest')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: credentials.accessKeyId, MINIO_ROOT_PASSWORD: credentials.secretAccessKey })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
      .start();
    const s3 = {
      endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
      bucket: BUCKET,
      region: REGION,
      credentials,
    };
    await createBucket(s3);
    return { ...s3, source: 'testcontainers', stop: async () => void (await container.stop()) };
  }

  const { default: S3rver } = await import('s3rver');
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: REGION,
    // s3rver's one account checks signatures with this key pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    source: 's3rver',
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
