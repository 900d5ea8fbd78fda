import { MESSAGE_LINK_REL, messageTextParts } from '../../../shared/domain/message-text.ts';
import styles from './messages.module.css';

/** A message body: its text as typed, web addresses as links that are not trusted. */
export function MessageBody({ body }: { body: string }) {
  return (
    <p className={styles.body}>
      {messageTextParts(body).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <a key={index} href={part.href} rel={MESSAGE_LINK_REL} target="_blank">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
