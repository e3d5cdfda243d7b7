import { Card, ChatIcon, DocumentIcon, InfoIcon, StockIcon } from '@wanxiang/ui';
import type { ReactNode } from 'react';
import * as styles from './HomePage.css';
import { chatText } from './messages';

type SuggestionId = (typeof chatText.suggestions)[number]['id'];

const icons: Record<SuggestionId, ReactNode> = {
  creative: <ChatIcon />,
  document: <DocumentIcon />,
  question: <InfoIcon />,
  data: <StockIcon />,
};

export interface WelcomeProps {
  /** A card was pressed: its starter prompt goes into the input. */
  onPick: (prompt: string) => void;
}

/** The empty new chat: a greeting and four suggestion cards. */
export function Welcome({ onPick }: WelcomeProps) {
  return (
    <section className={styles.welcome} aria-labelledby="chat-welcome-title">
      <h1 id="chat-welcome-title" className={styles.welcomeTitle}>
        {chatText.welcomeTitle}
      </h1>
      <p className={styles.welcomeBody}>{chatText.welcomeBody}</p>
      <ul className={styles.suggestions}>
        {chatText.suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <Card
              icon={icons[suggestion.id]}
              title={suggestion.title}
              description={suggestion.description}
              onPress={() => onPick(suggestion.prompt)}
              className={styles.suggestion}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
