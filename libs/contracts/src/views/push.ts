/**
 * What the server sends a member's device as a Web Push message (issue 20), and what the web app's service
 * worker shows: the notification, and the buttons that act on it without opening the app.
 */
export interface PushMessage {
  /**
   * What happened: a notification kind such as `taskSubmitted` (the member's per-device choice and the delivery
   * records name it), or `test` for "Send a test".
   */
  kind: string;
  title: string;
  body: string;
  /** The app path a tap on the notification opens, e.g. `/tasks`. */
  url: string;
  /** A later notification with the same tag replaces this one instead of piling up. */
  tag?: string;
  /** Buttons on the notification (the browser shows two at most). */
  actions?: PushAction[];
}

/** A notification button: the API call it makes with the member's session cookie. */
export interface PushAction {
  action: string;
  title: string;
  method: 'POST' | 'PUT';
  /** Must start with /api/: the service worker refuses any other. */
  path: string;
  body?: unknown;
}
