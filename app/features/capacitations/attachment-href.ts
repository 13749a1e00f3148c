/**
 * The browser's address of a lesson's attachment (an <img> src, a PDF link): a local endpoint that
 * asks the provider with the session's token (capacitations.forward.server.ts, decision 037).
 */
export const attachmentHref = (establishmentId: number, attachmentId: number) =>
  `/api/capacitations/attachments/${attachmentId}?establishmentId=${establishmentId}`
