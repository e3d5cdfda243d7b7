import { atom } from 'jotai';

/** The error banner above the messages, null when there is none. */
export const bannerAtom = atom<string | null>(null);

/** 联网搜索: whether the next question asks for a web search. */
export const searchEnabledAtom = atom(false);

/**
 * A message the server refused before answering (积分不足, a network failure): its text goes back to the
 * input, so that nothing typed is lost and it can be sent again. `seq` tells one refusal from the next.
 */
export interface ReturnedDraft {
  text: string;
  files?: readonly File[];
  seq: number;
}

export const returnedDraftAtom = atom<ReturnedDraft | null>(null);

/** Closes the banner. */
export const dismissBannerAtom = atom(null, (_get, set) => set(bannerAtom, null));
