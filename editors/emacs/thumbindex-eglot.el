;;; thumbindex-eglot.el --- The Eglot internals thumbindex uses, in one place -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; Eglot has no public function for a few things thumbindex needs: to send
;; the pending edits of a buffer before a request of its own, to name the
;; buffer in a request, to turn an LSP position into a buffer position,
;; to read the position encoding the server chose (for the files of
;; `thumbindex-workspace', which Eglot may not manage), and to work out
;; the contact of a buffer without asking (for `thumbindex-start').  Its private functions for them (eglot--...) may
;; be renamed or removed by any release.  This file is the one place that
;; names them: each need is a role of `thumbindex-eglot--internals', with
;; the functions that fill it, the public ones first when an Eglot has
;; them.  `thumbindex-eglot-call' calls the first that exists, or signals
;; `thumbindex-eglot-missing' saying which function is missing and what
;; for; `thumbindex-eglot-check' lists what is missing (`thumbindex-mode'
;; warns about it when turned on).
;;
;; One more is not called but answered: Eglot 1.9 (Debian's elpa-eglot for
;; Emacs 28) asks a server object for a single languageId
;; (`eglot--language-id'), sent in the didOpen of every buffer it manages,
;; so one server for several formats would read them all as the format of
;; the buffer it was started in.  A server class derived from
;; `thumbindex-eglot-per-buffer' answers for the current buffer instead
;; (`thumbindex-eglot-buffer-language-id').  Later
;; Eglots keep a languageId per major mode of an `eglot-server-programs'
;; entry themselves, and have no `eglot--language-id': there the class
;; changes nothing.

;;; Code:

(require 'seq)
(require 'cl-lib)
(require 'eieio)
(require 'eglot)

(defconst thumbindex-eglot--internals
  '((send-changes "send the edits of the buffer before a thumbindex request"
                  eglot--signal-textDocument/didChange)
    (document "name the buffer in a thumbindex request"
              eglot--TextDocumentIdentifier)
    (position-to-point "turn a position of the server into a buffer position"
                       eglot--lsp-position-to-point)
    (versioned-document "read the version of the buffer the server has, for what it said of it"
                        eglot--VersionedTextDocumentIdentifier)
    (capabilities "read the position encoding the server chose (thumbindex-workspace)"
                  eglot--capabilities)
    (guess-contact "start the server for a buffer without asking (thumbindex-start)"
                   eglot--guess-contact)
    (point-to-position "turn a buffer position into a position of the server (thumbindex-sort)"
                       eglot--pos-to-lsp-position)
    (apply-workspace-edit "apply the edit of a sort (thumbindex-sort)"
                          eglot--apply-workspace-edit))
  "What thumbindex needs of Eglot that Eglot does not make public.
Each element is (ROLE PURPOSE FUNCTION...): the first FUNCTION that is
defined fills ROLE.")

(define-error 'thumbindex-eglot-missing
  "thumbindex needs a function this Eglot does not have")

(defun thumbindex-eglot--eglot ()
  "Where the Eglot in use was loaded from, for messages."
  (or (locate-library "eglot") "eglot"))

(defun thumbindex-eglot--function (role)
  "The function that fills ROLE, or nil when this Eglot has none of them."
  (let ((spec (assq role thumbindex-eglot--internals)))
    (unless spec
      (error "thumbindex-eglot: no role %s" role))
    (seq-find #'fboundp (cddr spec))))

(defun thumbindex-eglot--missing-message (role)
  "What is missing for ROLE, in a sentence."
  (let ((spec (assq role thumbindex-eglot--internals)))
    (format "the Eglot of %s has no %s, which thumbindex needs to %s; \
update thumbindex, or use the Eglot it was written for (1.9 or later)"
            (thumbindex-eglot--eglot)
            (mapconcat #'symbol-name (cddr spec) " or ")
            (nth 1 spec))))

(defun thumbindex-eglot-call (role &rest args)
  "Call the Eglot function of ROLE (see `thumbindex-eglot--internals') with ARGS.
Signal `thumbindex-eglot-missing' when this Eglot has none."
  (let ((function (thumbindex-eglot--function role)))
    (unless function
      (signal 'thumbindex-eglot-missing
              (list (thumbindex-eglot--missing-message role))))
    (apply function args)))

;;;###autoload
(defun thumbindex-eglot-check (&optional interactive)
  "The roles of `thumbindex-eglot--internals' this Eglot cannot fill.
Interactively (INTERACTIVE non-nil), say what is missing, or that
nothing is."
  (interactive "p")
  (let ((missing (seq-remove #'thumbindex-eglot--function
                             (mapcar #'car thumbindex-eglot--internals))))
    (when interactive
      (if missing
          (message "thumbindex: %s"
                   (mapconcat #'thumbindex-eglot--missing-message missing "; "))
        (message "thumbindex: the Eglot of %s has everything thumbindex uses"
                 (thumbindex-eglot--eglot))))
    missing))

(defun thumbindex-eglot-warn ()
  "Warn about each role of `thumbindex-eglot--internals' this Eglot cannot fill."
  (dolist (role (thumbindex-eglot-check))
    (display-warning 'thumbindex (thumbindex-eglot--missing-message role))))

;;;; One languageId a buffer, on Eglot 1.9

(cl-defgeneric thumbindex-eglot-buffer-language-id (server)
  "The languageId SERVER is to be sent for the current buffer, or nil.
nil leaves it to Eglot.  See `thumbindex-eglot-per-buffer'.")

(cl-defmethod thumbindex-eglot-buffer-language-id (_server)
  "None of its own: Eglot's."
  nil)

(defclass thumbindex-eglot-per-buffer (eglot-lsp-server) ()
  :abstract t
  :documentation "An Eglot server class whose buffers each have their languageId.
On an Eglot with one languageId a server (1.9), each buffer is sent
its own, `thumbindex-eglot-buffer-language-id'.")

(when (cl-generic-p 'eglot--language-id)
  (cl-defmethod eglot--language-id ((server thumbindex-eglot-per-buffer))
    "The languageId of the current buffer, for SERVER: its own, else Eglot's."
    (or (thumbindex-eglot-buffer-language-id server) (cl-call-next-method))))

(provide 'thumbindex-eglot)
;;; thumbindex-eglot.el ends here
