import { describe, expect, test } from 'vitest';
import { chatText } from '../messages';
import { settle, setup } from './chatTesting';
import { bannerAtom } from './flags';
import { startChatAtom } from './lifecycle';
import { selectedModelIdAtom, selectModelAtom } from './models';
import { sendAtom } from './running';

describe('the models', () => {
  test('a stored model choice wins and a new choice is kept', async () => {
    const { store, stored } = setup();
    store.set(startChatAtom);
    await settle();
    store.set(selectModelAtom, 'm1');
    expect(stored()).toBe('m1');
    expect(store.get(selectedModelIdAtom)).toBe('m1');
  });

  test('sending needs text and a model', async () => {
    const { store } = setup();
    expect(store.set(sendAtom, '   ')).toBe(false);
    expect(store.set(sendAtom, 'hi')).toBe(false);
    expect(store.get(bannerAtom)).toBe(chatText.noModelSelected);
  });
});
