;;; lsp-mode-jump-init.el --- ThumbIndex in lsp-mode 8, the letter jump moving point  -*- lexical-binding: t; -*-

;;; Commentary:

;; As lsp-mode-init.el, with an action handler that runs the jump command itself
;; and goes to the Location it answers: lsp-mode 8 drops that answer and does
;; not announce window/showDocument (lsp-mode 9 does, and then moves point by
;; itself; this handler is harmless there).

;;; Code:

(require 'lsp-mode)

(add-to-list 'lsp-language-id-configuration '(text-mode . "plaintext"))
(lsp-register-client
 (make-lsp-client
  :new-connection (lsp-stdio-connection '("thumbindex"))
  :activation-fn (lsp-activate-on "plaintext" "markdown")
  :initialization-options '(:locale "sv_SE")
  :server-id 'thumbindex
  :action-handlers
  (ht ("thumbindex.jump"
       (lambda (command)
         (let ((location (lsp-request "workspace/executeCommand"
                                      (list :command "thumbindex.jump"
                                            :arguments (lsp:command-arguments? command)))))
           (when location (lsp-goto-location location))))))))

;;; lsp-mode-jump-init.el ends here
