import { createContext, type ReactNode, useContext } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { enUS } from './en-US';
import { type UiMessages, zhCN } from './zh-CN';

export const uiLocales = ['zh-CN', 'en-US'] as const;
export type UiLocale = (typeof uiLocales)[number];

const catalogues: Record<UiLocale, UiMessages> = { 'zh-CN': zhCN, 'en-US': enUS };

const UiMessagesContext = createContext<UiMessages>(zhCN);

export interface UiProviderProps {
  /** Also drives react-aria's own strings, number and date formatting. @default 'zh-CN' */
  locale?: UiLocale;
  /** Overrides the built-in catalogue of `locale`. */
  messages?: UiMessages;
  /**
   * The app router's navigate function (react-router's `useNavigate()`): links and NavLinks then navigate
   * client-side instead of loading a new page.
   */
  navigate?: (path: string, routerOptions: undefined) => void;
  /** Turns a router path into an href (react-router's `useHref`), for routers with a base path. */
  useHref?: (href: string) => string;
  children: ReactNode;
}

/**
 * Sets the language of every @wanxiang/ui component and of react-aria underneath, and (given `navigate`)
 * routes links through the app's router. Optional: without it the components speak Chinese, but
 * react-aria then follows the browser language for its few built-in strings.
 */
export function UiProvider({ locale = 'zh-CN', messages, navigate, useHref, children }: UiProviderProps) {
  const content = (
    <I18nProvider locale={locale}>
      <UiMessagesContext.Provider value={messages ?? catalogues[locale]}>
        {children}
      </UiMessagesContext.Provider>
    </I18nProvider>
  );
  if (!navigate) return content;
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {content}
    </RouterProvider>
  );
}

/** The catalogue in effect (zh-CN unless a UiProvider says otherwise). */
export function useUiMessages(): UiMessages {
  return useContext(UiMessagesContext);
}
