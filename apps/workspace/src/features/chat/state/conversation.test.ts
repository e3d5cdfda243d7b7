import { expect, test } from 'vitest';
import { settle, setup } from './chatTesting';
import { conversationAtom, messageAtom, messageIdsAtom } from './conversation';
import { loadModelsAtom } from './models';
import { newChatAtom } from './openChat';
import { sendAtom } from './running';

test("a message's atom changes once per frame, however many deltas arrived", async () => {
  const { store, stream, runFrame } = setup();
  await store.set(loadModelsAtom);
  store.set(sendAtom, '你好');
  const answerId = store.get(messageIdsAtom)[1] ?? '';
  const answer = messageAtom(answerId);
  const texts: string[] = [];
  store.sub(answer, () => texts.push(store.get(answer)?.text ?? ''));
  for (const text of ['一', '二', '三']) stream.push({ type: 'text', text });
  await settle();
  expect(texts).toEqual([]);
  runFrame();
  expect(texts).toEqual(['一二三']);
  stream.push({ type: 'text', text: '四' });
  await settle();
  runFrame();
  expect(texts).toEqual(['一二三', '一二三四']);
});

test('a streaming answer changes its own atom and no other: the question and the list stay as they are', async () => {
  const { store, stream, runFrame } = setup();
  await store.set(loadModelsAtom);
  store.set(sendAtom, '你好');
  const [questionId = '', answerId = ''] = store.get(messageIdsAtom);
  const changed: string[] = [];
  store.sub(messageAtom(questionId), () => changed.push('question'));
  store.sub(messageIdsAtom, () => changed.push('ids'));
  store.sub(conversationAtom, () => changed.push('conversation'));
  store.sub(messageAtom(answerId), () => changed.push('answer'));
  stream.push({ type: 'text', text: '一' });
  await settle();
  runFrame();
  stream.push({ type: 'text', text: '二' });
  await settle();
  runFrame();
  expect(changed).toEqual(['answer', 'answer']);
  expect(store.get(messageAtom(answerId))?.text).toBe('一二');
});

test("a message is its store's own, and another conversation clears the messages it replaces", async () => {
  const { store, stream } = setup();
  const other = setup();
  await store.set(loadModelsAtom);
  store.set(sendAtom, '你好');
  const [questionId = ''] = store.get(messageIdsAtom);
  expect(store.get(messageAtom(questionId))?.text).toBe('你好');
  expect(other.store.get(messageAtom(questionId))).toBeUndefined();
  stream.push({ type: 'done' });
  await settle();
  store.set(newChatAtom);
  expect(store.get(messageAtom(questionId))).toBeUndefined();
});
