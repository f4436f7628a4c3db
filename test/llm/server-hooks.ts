/** One local model server per test file, fresh for every test. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  startOpenAIServer,
  type OpenAITestServer,
  type Responder,
} from '../helpers/openai-server.ts';

/**
 * Starts the server before the file's tests and closes it after; before each test the queue
 * and the record are cleared and `responder` (by default: a 400 "unexpected request", so a
 * request nobody scripted fails loudly) answers whatever the test does not enqueue.
 */
export function useTestServer(
  responder: Responder = () => ({ status: 400, error: { message: 'unexpected request' } }),
): OpenAITestServer {
  let current: OpenAITestServer | undefined;
  beforeAll(async () => {
    current = await startOpenAIServer();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    current!.reset();
    current!.respond(responder);
  });
  // The server exists only once beforeAll ran; tests reach it through this stand-in.
  return new Proxy({} as OpenAITestServer, {
    get: (_, key) => {
      const value: unknown = Reflect.get(current!, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
