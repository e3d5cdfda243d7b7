import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { titleFrom } from '../src/modules/chat/prompt';
import { planTurn, turnCost } from '../src/modules/generation/pricing';
import { OFFLINE_MODEL_ID } from '../src/modules/models/config';
import { offlineAnswer, splitIntoPieces } from '../src/modules/models/offline';
import { estimateTokens } from '../src/modules/models/tokens';
import { TEST_SECRET, tempDir } from './helpers';

async function configProblems(env: Record<string, string>): Promise<string[]> {
  try {
    await loadConfig({ JWT_SECRET: TEST_SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

const provider = (models: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    providers: [{ type: 'openai-compatible', base_url: 'http://127.0.0.1:1/v1', models, ...extra }],
  });

describe('models configuration', () => {
  it('offers only the offline model when nothing is configured, and can switch it off or add it', async () => {
    const plain = await loadConfig({ JWT_SECRET: TEST_SECRET });
    expect(plain.chat.models.map((m) => [m.id, m.name, m.isDefault])).toEqual([
      [OFFLINE_MODEL_ID, '离线演示模型', true],
    ]);
    expect(plain.chat.offlineChunkDelayMs).toBe(35);

    const configured = await loadConfig({
      JWT_SECRET: TEST_SECRET,
      MODELS_CONFIG_JSON: provider([{ id: 'a' }, { id: 'b', name: 'B 模型', default: true }]),
      DEEPSEEK_KEY: 'sk-1',
    });
    expect(configured.chat.models.map((m) => [m.id, m.name, m.isDefault])).toEqual([
      ['a', 'a', false],
      ['b', 'B 模型', true],
    ]);

    const both = await loadConfig({
      JWT_SECRET: TEST_SECRET,
      MODELS_CONFIG_JSON: provider([{ id: 'a' }]),
      OFFLINE_MODEL: 'on',
    });
    expect(both.chat.models.map((m) => m.id)).toEqual(['a', OFFLINE_MODEL_ID]);

    expect(await configProblems({ OFFLINE_MODEL: 'off' })).toEqual([
      '没有可用的模型：配置中没有任何模型，且离线演示模型被 OFFLINE_MODEL=off 关闭',
    ]);
  });

  it('reads a file, resolves keys from the environment and keeps prices', async () => {
    const { dir, remove } = await tempDir('wx-models-');
    try {
      const file = path.join(dir, 'models.json');
      await writeFile(
        file,
        JSON.stringify({
          providers: [
            {
              id: 'deepseek',
              type: 'openai-compatible',
              base_url: 'https://api.deepseek.com/v1',
              api_key_env: 'DEEPSEEK_API_KEY',
              models: [
                { id: 'deepseek-chat', name: 'DeepSeek', input_price_credits: 2, output_price_credits: 8 },
                {
                  id: 'painter',
                  model: 'img-1',
                  is_per_call: true,
                  fixed_price_credits: 20,
                  input_price_credits: 5,
                },
              ],
            },
          ],
        }),
      );
      const config = await loadConfig({
        JWT_SECRET: TEST_SECRET,
        MODELS_CONFIG: file,
        DEEPSEEK_API_KEY: 'sk-x',
      });
      const [chat, painter] = config.chat.models;
      expect(chat).toMatchObject({
        upstreamModel: 'deepseek-chat',
        inputPrice: 2,
        outputPrice: 8,
        isPerCall: false,
      });
      expect(chat?.provider).toMatchObject({
        id: 'deepseek',
        apiKey: 'sk-x',
        baseURL: 'https://api.deepseek.com/v1',
      });
      // A per-call model's token prices do not apply.
      expect(painter).toMatchObject({
        upstreamModel: 'img-1',
        isPerCall: true,
        fixedPrice: 20,
        inputPrice: 0,
      });
    } finally {
      await remove();
    }
  });

  it('stops start-up with a message naming the problem', async () => {
    expect(await configProblems({ MODELS_CONFIG: '/nonexistent/models.json' })).toEqual([
      expect.stringMatching(/^无法读取模型配置文件 \/nonexistent\/models\.json：/),
    ]);
    expect(await configProblems({ MODELS_CONFIG_JSON: '{providers:' })).toEqual([
      expect.stringMatching(/^MODELS_CONFIG_JSON 不是有效的 JSON：/),
    ]);
    expect(
      await configProblems({ MODELS_CONFIG_JSON: provider([{ id: 'a', input_price_credits: -1 }]) }),
    ).toEqual(['MODELS_CONFIG_JSON 中 providers[0].models[0].input_price_credits：该值应大于或等于 0。']);
    expect(await configProblems({ MODELS_CONFIG_JSON: provider([{ id: 'a' }, { id: 'a' }]) })).toEqual([
      'MODELS_CONFIG_JSON 中 providers[0].models[1]：模型 id“a”重复',
    ]);
    expect(
      await configProblems({ MODELS_CONFIG_JSON: provider([{ id: 'a' }], { api_key_env: 'NOPE_KEY' }) }),
    ).toEqual([
      'MODELS_CONFIG_JSON 中 providers[0]：服务商“openai-compatible-1”的密钥环境变量 NOPE_KEY 未设置',
    ]);
    expect(
      await configProblems({
        MODELS_CONFIG_JSON: provider([{ id: 'a', is_per_call: true, fixed_price_credits: 1.5 }]),
      }),
    ).toEqual([
      'MODELS_CONFIG_JSON 中 providers[0].models[0].fixed_price_credits：按次计费的 fixed_price_credits 应为非负整数',
    ]);
    const typo = await configProblems({
      MODELS_CONFIG_JSON: JSON.stringify({ providers: [{ type: 'gemini', models: [] }] }),
    });
    expect(typo).toContain(
      'MODELS_CONFIG_JSON 中 providers[0].type：该值应为以下之一：openai-compatible、openai、anthropic、offline。',
    );
  });
});

describe('credits arithmetic (per turn, or per thousand tokens rounded up)', () => {
  const tokens = { isPerCall: false, fixedPrice: 0, inputPrice: 2, outputPrice: 8, maxOutputTokens: 4096 };
  const perCall = { isPerCall: true, fixedPrice: 20, inputPrice: 0, outputPrice: 0, maxOutputTokens: 4096 };

  it('charges the fixed price per call, else the rounded-up token price', () => {
    expect(turnCost(perCall, 10_000, 10_000)).toBe(20);
    expect(turnCost(tokens, 1000, 1000)).toBe(10);
    expect(turnCost(tokens, 1, 0)).toBe(1);
    expect(turnCost(tokens, 0, 0)).toBe(0);
    // 0.1 + 0.2 must not become 1 credit more than the exact 3.
    expect(turnCost({ ...tokens, inputPrice: 0.1, outputPrice: 0.2 }, 10_000, 10_000)).toBe(3);
  });

  it('holds a full answer when the balance allows, else the balance with a shorter answer', () => {
    // The prompt alone costs 500/1000 × 2 = 1 credit; with one token of answer, 2.
    expect(planTurn(tokens, 500, 1000)).toEqual({ minimum: 2, reserve: 34, maxOutputTokens: 4096 });
    expect(planTurn(tokens, 500, 10)).toEqual({ minimum: 2, reserve: 10, maxOutputTokens: 1125 });
    expect(planTurn(tokens, 500, 1)).toEqual({ refused: true, minimum: 2 });
    expect(planTurn(perCall, 500, 19)).toEqual({ refused: true, minimum: 20 });
    expect(planTurn(perCall, 500, 20)).toEqual({ minimum: 20, reserve: 20, maxOutputTokens: 4096 });
    const free = { ...tokens, inputPrice: 0, outputPrice: 0 };
    expect(planTurn(free, 500, 0)).toEqual({ minimum: 0, reserve: 0, maxOutputTokens: 4096 });
  });
});

describe('texts', () => {
  it('estimates tokens: one per CJK character, about four Latin characters per token', () => {
    expect(estimateTokens('你好，世界')).toBe(5);
    expect(estimateTokens('hello world!')).toBe(3);
    expect(estimateTokens('')).toBe(0);
  });

  it('estimates other scripts at a token a character, never a quarter, and an emoji at two', () => {
    // Thai and Hindi: each letter and mark a token (a tokenizer splits them finer than English).
    expect(estimateTokens('สวัสดีครับ')).toBe(10);
    expect(estimateTokens('नमस्ते')).toBe(6);
    expect(estimateTokens('مرحبا')).toBe(5);
    expect(estimateTokens('Привет, мир')).toBe(3);
    expect(estimateTokens('👍🎉')).toBe(4);
  });

  it('estimates every character as its script says, whatever its code', () => {
    // The rule stated per character with Unicode properties; the estimate decides most by code instead.
    const wide = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
    const pictograph = /\p{Extended_Pictographic}/u;
    const compact =
      /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
    const byRule = (text: string) => {
      let whole = 0;
      let quarter = 0;
      for (const char of text) {
        if (wide.test(char)) whole += 1;
        else if (pictograph.test(char)) whole += 2;
        else if (compact.test(char)) quarter += 1;
        else whole += 1;
      }
      return whole + Math.ceil(quarter / 4);
    };
    const samples = [
      'Hello, 世界！\n\t©®™ 〰 ㊗ 👨‍👩‍👧 🇨🇳 é ñ ß Ω Ж ア 한 ｱ ﬁ \u0301 \u200d 𠀀 𝔘',
      '请用表格比较 **Rust** 和 `Go`：性能、生态、学习曲线。| 项目 | 说明 |',
      'สวัสดีครับ नमस्ते مرحبا שלום வணக்கம் ሰላም ᐊᐃ',
    ];
    // And every character of the Basic Multilingual Plane and a stretch beyond, each on its own.
    for (let code = 0; code < 0x1_0000; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      expect.soft(estimateTokens(char.repeat(4)), `U+${code.toString(16)}`).toBe(byRule(char.repeat(4)));
    }
    for (let code = 0x1_f000; code < 0x2_0100; code += 1) {
      const char = String.fromCodePoint(code);
      expect.soft(estimateTokens(char), `U+${code.toString(16)}`).toBe(byRule(char));
    }
    for (const sample of samples) expect(estimateTokens(sample)).toBe(byRule(sample));
  });

  it('titles a session by its first prompt, on one line, at most 30 characters', () => {
    expect(titleFrom('  写一首\n关于秋天的诗  ')).toBe('写一首 关于秋天的诗');
    expect(titleFrom('天'.repeat(40))).toBe(`${'天'.repeat(30)}…`);
    expect(titleFrom('请用表格比较 **Rust** 和 `Go`')).toBe('请用表格比较 Rust 和 Go');
    expect(titleFrom('## 季度总结\n> 引用 ~~删去~~')).toBe('季度总结 引用 删去');
    expect(titleFrom('3 * 4 * 5 等于多少')).toBe('3 * 4 * 5 等于多少');
  });

  it('answers offline deterministically, quoting the prompt, in pieces that rebuild it', () => {
    const answer = offlineAnswer('第一行\n\n第二行 🍂', 1);
    expect(answer).toBe(offlineAnswer('第一行\n\n第二行 🍂', 1));
    expect(answer).toContain('> 第一行\n>\n> 第二行 🍂');
    // It says it is a free demonstration, in the user's words: configuring servers is the operator's README.
    expect(answer).toContain('离线演示模型');
    expect(answer).toContain('不收积分');
    expect(answer).not.toMatch(/环境变量|MODELS_CONFIG|api_key|base_url|\.json|重启/);
    const pieces = splitIntoPieces(answer);
    expect(pieces.join('')).toBe(answer);
    expect(pieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece))).toBe(true);
  });
});
