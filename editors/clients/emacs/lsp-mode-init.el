;;; lsp-mode-init.el --- ThumbIndex in lsp-mode with no ThumbIndex package  -*- lexical-binding: t; -*-

;;; Commentary:

;; The lines of an init file: `M-x lsp' in a text or Markdown buffer starts the
;; server; `M-x lsp-execute-code-action' lists "Go to A (12 entries)"… and
;; `lsp-lens-mode' shows the letters on the first line.  lsp-mode 8 (Debian 12's)
;; runs the chosen jump but drops the command's answer and has no
;; window/showDocument, so point stays: lsp-mode-jump-init.el moves it.

;;; Code:

(require 'lsp-mode)

(add-to-list 'lsp-language-id-configuration '(text-mode . "plaintext"))
(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection '("thumbindex"))
  :activation-fn (lsp-activate-on "plaintext" "markdown")
  :initialization-options '(:locale "sv_SE")
  :server-id 'thumbindex))

;;; lsp-mode-init.el ends here
