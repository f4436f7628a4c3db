/**
 * The four API shapes of the fake model server (fake-models.ts): each request read into one
 * neutral Conversation, and an Answer written back as that API streams it. Only the fields the
 * published clients read are sent.
 */
import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Answer, Conversation } from './fake-policy.ts';

export interface Sse {
  event(data: unknown, name?: string): void;
  raw(line: string): void;
  end(): void;
}

type Json = Record<string, unknown>;
/** A message's content as text: a string, the text of each part, or its JSON. */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v))
    return v.map((p) => asText((p as Json)?.text ?? (p as Json)?.content ?? p)).join('\n');
  return v === undefined || v === null ? '' : JSON.stringify(v);
}
const usage = { input_tokens: 100, output_tokens: 20 };
const json = (res: ServerResponse, body: unknown) =>
  void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const args = (a: Record<string, unknown>) => JSON.stringify(a);

// ---- OpenAI Chat Completions (opencode)

interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string } }[];
  tool_call_id?: string;
}

export function chatConversation(body: {
  messages?: ChatMessage[];
  tools?: { function?: { name: string } }[];
}): Conversation {
  const messages = body.messages ?? [];
  const names = new Map<string, string>();
  for (const m of messages) for (const t of m.tool_calls ?? []) names.set(t.id, t.function.name);
  const last = messages.findLastIndex((m) => m.role === 'user');
  return {
    tools: (body.tools ?? []).flatMap((t) => (t.function ? [t.function.name] : [])),
    prompt: asText(messages[last]?.content),
    all: messages.map((m) => asText(m.content)).join('\n'),
    results: messages
      .slice(last + 1)
      .filter((m) => m.role === 'tool')
      .map((m) => ({ name: names.get(m.tool_call_id ?? '') ?? '', text: asText(m.content) })),
  };
}

export function chatAnswer(a: Answer, stream: Sse | undefined, res: ServerResponse): void {
  const id = `chatcmpl-${randomUUID()}`;
  const calls = (a.calls ?? []).map((c, index) => ({
    index,
    id: `call_${randomUUID().slice(0, 8)}`,
    type: 'function',
    function: { name: c.name, arguments: args(c.args) },
  }));
  const finish = calls.length ? 'tool_calls' : 'stop';
  const u = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
  if (!stream)
    return json(res, {
      id,
      object: 'chat.completion',
      created: 0,
      model: 'fake-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: a.text ?? null,
            ...(calls.length ? { tool_calls: calls.map(({ index: _, ...c }) => c) } : {}),
          },
          finish_reason: finish,
        },
      ],
      usage: u,
    });
  const chunk = (delta: Json, finish_reason: string | null = null) =>
    stream.event({
      id,
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake-model',
      choices: [{ index: 0, delta, finish_reason }],
    });
  chunk({ role: 'assistant', content: '' });
  if (a.text) chunk({ content: a.text });
  if (calls.length) chunk({ tool_calls: calls });
  chunk({}, finish);
  stream.event({
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-model',
    choices: [],
    usage: u,
  });
  stream.raw('data: [DONE]\n\n');
  stream.end();
}

// ---- OpenAI Responses (Codex)

interface ResponsesItem {
  type?: string;
  namespace?: string;
  role?: string;
  content?: unknown;
  name?: string;
  call_id?: string;
  output?: unknown;
}

export function responsesConversation(body: {
  input?: ResponsesItem[] | string;
  instructions?: string;
  tools?: { name?: string; type?: string; tools?: { name?: string }[] }[];
}): Conversation {
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : (body.input ?? []);
  const names = new Map<string, string>();
  for (const i of input)
    if (i.type === 'function_call')
      names.set(i.call_id ?? '', i.namespace ? `${i.namespace}__${i.name}` : (i.name ?? ''));
  // Codex sends its own context (environment, instructions) as user messages in <tags>.
  const last = input.findLastIndex(
    (i) => i.role === 'user' && !asText(i.content).trimStart().startsWith('<'),
  );
  return {
    // Codex groups an MCP server's tools in a namespace (`mcp__intentplay`): named here NAMESPACE__TOOL.
    tools: (body.tools ?? []).flatMap((t) => {
      if (t.type === 'namespace') return (t.tools ?? []).map((f) => `${t.name}__${f.name}`);
      return t.name ? [t.name] : [];
    }),
    namespaces: (body.tools ?? []).flatMap((t) =>
      t.type === 'namespace' && t.name ? [t.name] : [],
    ),
    prompt: asText(input[last]?.content),
    all: [body.instructions ?? '', ...input.map((i) => asText(i.content ?? i.output))].join('\n'),
    results: input
      .slice(last + 1)
      .filter((i) => i.type === 'function_call_output')
      .map((i) => ({ name: names.get(i.call_id ?? '') ?? '', text: asText(i.output) })),
  };
}

export function responsesAnswer(a: Answer, c: Conversation, stream: Sse): void {
  const id = `resp_${randomUUID()}`;
  const send = (type: string, data: Json) => stream.event({ type, ...data }, type);
  const response = {
    id,
    object: 'response',
    model: 'fake-model',
    status: 'in_progress',
    output: [],
  };
  send('response.created', { response });
  const items: Json[] = [];
  if (a.text)
    items.push({
      type: 'message',
      id: `msg_${randomUUID().slice(0, 8)}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: a.text, annotations: [] }],
    });
  for (const call of a.calls ?? []) {
    const space = c.namespaces?.find((n) => call.name.startsWith(`${n}__`));
    items.push({
      type: 'function_call',
      id: `fc_${randomUUID().slice(0, 8)}`,
      call_id: `call_${randomUUID().slice(0, 8)}`,
      ...(space
        ? { namespace: space, name: call.name.slice(space.length + 2) }
        : { name: call.name }),
      arguments: args(call.args),
      status: 'completed',
    });
  }
  items.forEach((item, output_index) => {
    send('response.output_item.added', { output_index, item });
    if (item.type === 'message')
      send('response.output_text.delta', {
        item_id: item.id,
        output_index,
        content_index: 0,
        delta: a.text,
      });
    send('response.output_item.done', { output_index, item });
  });
  send('response.completed', {
    response: {
      ...response,
      status: 'completed',
      output: items,
      usage: {
        ...usage,
        total_tokens: 120,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    },
  });
  stream.end();
}

// ---- Gemini (Gemini CLI)

interface GeminiPart {
  text?: string;
  functionCall?: { name: string };
  functionResponse?: { name: string; response?: unknown };
}

export function geminiConversation(body: {
  contents?: { role?: string; parts?: GeminiPart[] }[];
  tools?: { functionDeclarations?: { name: string }[] }[];
  systemInstruction?: { parts?: GeminiPart[] };
  generationConfig?: { responseMimeType?: string };
}): Conversation {
  const parts = (body.contents ?? []).flatMap((c) =>
    (c.parts ?? []).map((p) => ({ ...p, role: c.role })),
  );
  const last = parts.findLastIndex((p) => p.role === 'user' && p.text !== undefined);
  const text = (p: GeminiPart) => p.text ?? asText(p.functionResponse?.response ?? '');
  return {
    tools: (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name)),
    prompt: parts
      .slice(0, last + 1)
      .reverse()
      .filter((p, i, all) =>
        all.slice(0, i + 1).every((q) => q.text !== undefined && q.role === 'user'),
      )
      .reverse()
      .map((p) => p.text)
      .join('\n'),
    all: [...(body.systemInstruction?.parts ?? []), ...parts].map(text).join('\n'),
    results: parts
      .slice(last + 1)
      .flatMap((p) =>
        p.functionResponse
          ? [{ name: p.functionResponse.name, text: asText(p.functionResponse.response) }]
          : [],
      ),
    json: body.generationConfig?.responseMimeType === 'application/json',
  };
}

export function geminiAnswer(a: Answer, stream: Sse | undefined, res: ServerResponse): void {
  const parts = [
    ...(a.text !== undefined && (a.text || !a.calls?.length) ? [{ text: a.text }] : []),
    ...(a.calls ?? []).map((c) => ({ functionCall: { name: c.name, args: c.args } })),
  ];
  const body = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
    modelVersion: 'fake-model',
  };
  if (!stream) return json(res, body);
  stream.event(body);
  stream.end();
}

// ---- Anthropic Messages (Claude Code)

interface AnthropicBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  tool_use_id?: string;
  content?: unknown;
}

export function anthropicConversation(body: {
  messages?: { role: string; content: string | AnthropicBlock[] }[];
  tools?: { name: string }[];
  system?: unknown;
}): Conversation {
  // Claude Code puts a new prompt in the same user message as the last tool results: blocks, in order.
  const blocks = (body.messages ?? []).flatMap((m) =>
    (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content).map((b) => ({
      ...b,
      role: m.role,
    })),
  );
  const names = new Map<string, string>();
  for (const b of blocks) if (b.type === 'tool_use') names.set(b.id ?? '', b.name ?? '');
  const prompt = (b: AnthropicBlock & { role: string }) =>
    b.role === 'user' && b.type === 'text' && !(b.text ?? '').startsWith('<system-reminder>');
  const last = blocks.findLastIndex(prompt);
  return {
    tools: (body.tools ?? []).map((t) => t.name),
    prompt: last < 0 ? '' : (blocks[last]!.text ?? ''),
    all: [asText(body.system), ...blocks.map((b) => b.text ?? asText(b.content ?? ''))].join('\n'),
    results: blocks
      .slice(last + 1)
      .filter((b) => b.type === 'tool_result')
      .map((b) => ({ name: names.get(b.tool_use_id ?? '') ?? '', text: asText(b.content) })),
  };
}

export function anthropicAnswer(
  a: Answer,
  body: Json,
  stream: Sse | undefined,
  res: ServerResponse,
): void {
  const blocks: Json[] = [
    ...(a.text ? [{ type: 'text', text: a.text }] : []),
    ...(a.calls ?? []).map((c) => ({
      type: 'tool_use',
      id: `toolu_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: c.name,
      input: c.args,
    })),
  ];
  const stop_reason = a.calls?.length ? 'tool_use' : 'end_turn';
  const message = {
    id: `msg_${randomUUID().slice(0, 12)}`,
    type: 'message',
    role: 'assistant',
    model: typeof body.model === 'string' ? body.model : 'fake-model',
    stop_sequence: null,
  };
  if (!stream) return json(res, { ...message, content: blocks, stop_reason, usage });
  const send = (type: string, data: Json) => stream.event({ type, ...data }, type);
  send('message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
  });
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      send('content_block_start', { index, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index, delta: { type: 'text_delta', text: b.text } });
    } else {
      send('content_block_start', { index, content_block: { ...b, input: {} } });
      send('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) },
      });
    }
    send('content_block_stop', { index });
  });
  send('message_delta', {
    delta: { stop_reason, stop_sequence: null },
    usage: { output_tokens: 20 },
  });
  send('message_stop', {});
  stream.end();
}
