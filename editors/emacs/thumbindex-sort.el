;;; thumbindex-sort.el --- Sort a buffer's entries into the order of its outline -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `thumbindex-sort' puts the entries of the buffer (or of the region) into
;; the order the outline shows them: the lines of a word list (a blank line
;; ends a run), a vCard file's cards, CSV/TSV rows under the header,
;; .strings entries with their comments, the keys of a string catalog, the
;; top-level members of a JSON or YAML object, a Markdown file's sections.
;; Only the order changes, as one edit (one `undo').
;;
;; The server offers the sorts as code actions of kind source.sortEntries;
;; `eglot-code-actions' lists them too.  This command asks for the action of
;; its scope (the document, or the entries the region touches) and applies
;; its edit.  An action carries its edit, or `data' to resolve it with
;; codeAction/resolve, or (for a client that does not resolve edits, as Eglot
;; 1.9 does not) the command thumbindex.sortEntries with the same data: the
;; command then resolves that data itself, so the edit is applied here, at
;; once, rather than sent back by the server with workspace/applyEdit (which
;; Eglot would ask to confirm, `eglot-confirm-server-initiated-edits').
;;
;; Blocks between Google keep-sorted markers get a Flymake warning on their
;; first item out of order (the server's diagnostics, through Eglot), and
;; `eglot-code-actions' there offers "Sort this keep-sorted block".

;;; Code:

(require 'seq)
(require 'thumbindex)
(require 'thumbindex-eglot)

(defconst thumbindex-sort-kind "source.sortEntries"
  "The kind of the server's sort code actions.")

(defun thumbindex-sort--data (action)
  "The data of a sort ACTION: its own, or that of its command."
  (or (plist-get action :data)
      (let ((arguments (plist-get (plist-get action :command) :arguments)))
        (and (> (length arguments) 0) (elt arguments 0)))))

(defun thumbindex-sort--pick (actions scope)
  "The sort action among ACTIONS (a codeAction result) whose scope is SCOPE."
  (seq-find (lambda (action)
              (and (equal (plist-get action :kind) thumbindex-sort-kind)
                   (equal (plist-get (thumbindex-sort--data action) :scope) scope)))
            actions))

(defun thumbindex-sort--range (beg end)
  "The LSP range from BEG to END.
An END at the start of a line, after BEG, ends the line before."
  (when (and (> end beg) (save-excursion (goto-char end) (bolp)))
    (setq end (1- end)))
  (list :start (thumbindex-eglot-call 'point-to-position beg)
        :end (thumbindex-eglot-call 'point-to-position end)))

(defun thumbindex-sort--edit (action)
  "The WorkspaceEdit of sort ACTION: its own, else resolved by the server."
  (or (plist-get action :edit)
      (let ((resolvable (list :title (plist-get action :title)
                              :kind (plist-get action :kind)
                              :data (thumbindex-sort--data action))))
        (plist-get (thumbindex--request :codeAction/resolve resolvable) :edit))))

(defun thumbindex-sort--edit-count (edit)
  "How many text edits the WorkspaceEdit EDIT holds."
  (let ((count 0) (changes (plist-get edit :changes)))
    (while changes
      (setq count (+ count (length (cadr changes)))
            changes (cddr changes)))
    count))

;;;###autoload
(defun thumbindex-sort (&optional beg end)
  "Sort the entries of the buffer into the order of its outline, as one edit.
With an active region (or BEG and END), the entries it touches.  Only the
order changes; what moves is the format's entry (a line of a word list, a
vCard card, a CSV row, a .strings entry with its comment, a member of a JSON
or YAML object, a Markdown section).  Return the number of text edits made."
  (interactive (and (use-region-p) (list (region-beginning) (region-end))))
  (thumbindex--server)
  (let* ((scope (if beg "selection" "document"))
         (range (thumbindex-sort--range (or beg (point)) (or end beg (point))))
         (actions (append (thumbindex--request
                           :textDocument/codeAction
                           (list :textDocument (thumbindex--document)
                                 :range range
                                 :context (list :diagnostics [] :only (vector thumbindex-sort-kind))))
                          nil))
         (action (or (thumbindex-sort--pick actions scope)
                     (user-error "thumbindex: the server offers no sort here (%s does not sort)"
                                 (or (thumbindex--language-id) major-mode))))
         (edit (thumbindex-sort--edit action))
         (count (thumbindex-sort--edit-count edit)))
    (if (= count 0)
        (message "thumbindex: the entries are in order already")
      (thumbindex-eglot-call 'apply-workspace-edit edit)
      (message "thumbindex: sorted (%s)" (plist-get action :title)))
    count))

(provide 'thumbindex-sort)
;;; thumbindex-sort.el ends here
