/**
 * A fake model server for running real agents offline (docs/agents.md, the compatibility matrix,
 * `npm run bench -- real-agents`): on 127.0.0.1 it speaks the four API shapes the published ACP
 * agents use, streamed as each client expects:
 *
 * - OpenAI Chat Completions, `POST /v1/chat/completions` (opencode),
 * - OpenAI Responses, `POST /v1/responses` (Codex),
 * - Gemini, `POST /v1beta/models/M:streamGenerateContent` and `:generateContent` (Gemini CLI),
 * - Anthropic Messages, `POST /v1/messages` (Claude Code).
 *
 * Each request is read into one neutral conversation (the tools offered, the last prompt, the
 * tool results since) and a policy decides the answer: text, or tool calls. The policy is a
 * script (`carefulAgent` in fake-policy.ts), not a model: what an agent does against this server
 * shows that intentplay carries its calls, never how well a model would play.
 *
 *   npx tsx test/helpers/fake-models.ts      # prints its URL; Ctrl-C stops it
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { carefulAgent, type Answer, type Conversation } from './fake-policy.ts';
import {
  anthropicAnswer,
  anthropicConversation,
  chatAnswer,
  chatConversation,
  geminiAnswer,
  geminiConversation,
  responsesAnswer,
  responsesConversation,
  type Sse,
} from './fake-shapes.ts';

export interface FakeModels {
  /** The server's root (`http://127.0.0.1:PORT`); OpenAI clients want `${url}/v1`. */
  url: string;
  /** Every request answered: its API, the tools it offered and what the policy answered. */
  log: { api: string; tools: string[]; prompt: string; answer: Answer; ms: number }[];
  close(): Promise<void>;
}

type Api = 'chat' | 'responses' | 'gemini' | 'anthropic';

function apiOf(req: IncomingMessage): Api | undefined {
  const url = req.url ?? '';
  if (url.startsWith('/v1/chat/completions')) return 'chat';
  if (url.startsWith('/v1/responses')) return 'responses';
  if (/^\/v1(beta)?\/models\/[^:]+:(stream)?[gG]enerateContent/.test(url)) return 'gemini';
  if (url.startsWith('/v1/messages') && !url.includes('count_tokens')) return 'anthropic';
  return undefined;
}

const READERS: Record<Api, (body: never) => Conversation> = {
  chat: chatConversation,
  responses: responsesConversation,
  gemini: geminiConversation,
  anthropic: anthropicConversation,
};

function sse(res: ServerResponse): Sse {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  return {
    event: (data, name) =>
      void res.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`),
    raw: (line) => void res.write(line),
    end: () => void res.end(),
  };
}

/** What the server says to requests it has no answer for (model lists, token counts, probes). */
function aside(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '';
  const json = (status: number, body: unknown) =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (url.includes('count_tokens')) return json(200, { input_tokens: 100 });
  if (url.includes(':countTokens')) return json(200, { totalTokens: 100 });
  if (/^\/v1(beta)?\/models/.test(url) || url.startsWith('/models'))
    return json(200, {
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', owned_by: 'intentplay' }],
      models: [{ name: 'models/fake-model' }],
    });
  json(404, { error: { message: `the fake model server has no ${req.method} ${url}` } });
}

export async function startFakeModels(
  policy: (c: Conversation) => Answer = carefulAgent,
): Promise<FakeModels> {
  const log: FakeModels['log'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const api = req.method === 'POST' ? apiOf(req) : undefined;
      if (!api) return aside(req, res);
      const t0 = performance.now();
      const body = JSON.parse((await text(req)) || '{}') as Record<string, unknown>;
      const convo = READERS[api](body as never);
      const answer = policy(convo);
      log.push({
        api,
        tools: convo.tools,
        prompt: convo.prompt,
        answer,
        ms: performance.now() - t0,
      });
      const streamed =
        api === 'gemini' ? (req.url ?? '').includes(':stream') : body.stream !== false;
      if (api === 'chat') return chatAnswer(answer, streamed ? sse(res) : undefined, res);
      if (api === 'responses') return responsesAnswer(answer, convo, sse(res));
      if (api === 'gemini') return geminiAnswer(answer, streamed ? sse(res) : undefined, res);
      return anthropicAnswer(answer, body, streamed ? sse(res) : undefined, res);
    })().catch((err: unknown) => {
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const models = await startFakeModels();
  process.stdout.write(`${models.url}\n`);
  if (process.argv.includes('--log'))
    setInterval(() => {
      for (const entry of models.log.splice(0))
        process.stderr.write(
          `${entry.api} ${JSON.stringify(entry.answer)} prompt=${JSON.stringify(entry.prompt.slice(0, 300))} tools=${entry.tools.join(',')}\n`,
        );
    }, 200);
}
