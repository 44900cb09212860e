;;; thumbindex-test.el --- Tests of thumbindex.el against the real server -*- lexical-binding: t; -*-

;;; Commentary:

;; From the repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex \
;;     emacs --batch -l editors/emacs/tests/thumbindex-test.el -f ert-run-tests-batch-and-exit
;;
;; Each test starts Eglot on a copy of a fixture, waits for the connection,
;; and shuts the server down at the end.  Every wait is bounded.

;;; Code:

(require 'ert)
(require 'cl-lib)

(defconst thumbindex-test--root
  (expand-file-name "../../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The repository root.")

(add-to-list 'load-path (expand-file-name "editors/emacs" thumbindex-test--root))
(require 'thumbindex)
(thumbindex-mode 1)

(setq thumbindex-program
      (or (getenv "THUMBINDEX_BIN")
          (let ((built (expand-file-name ".build/debug/thumbindex" thumbindex-test--root)))
            (and (file-executable-p built) built))
          "thumbindex"))
(setq thumbindex-locale "sv_SE")
(setq eglot-sync-connect 10)
(setq eglot-autoreconnect nil)
(setq jsonrpc-default-request-timeout 20)

(defconst thumbindex-test--markdown (require 'markdown-mode nil t)
  "Non-nil when markdown-mode is installed.")

(defun thumbindex-test--copy (name)
  "A copy of fixture NAME in a fresh temporary folder."
  (let ((folder (make-temp-file "thumbindex-test" t)))
    (copy-file (expand-file-name (concat "editors/tests/fixtures/" name) thumbindex-test--root)
               (expand-file-name name folder))
    (expand-file-name name folder)))

(defun thumbindex-test--wait (predicate what &optional seconds)
  "Wait until PREDICATE returns non-nil (returned), or fail naming WHAT."
  (let ((deadline (+ (float-time) (or seconds 15))) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (ert-fail (format "timed out waiting for %s" what)))))

(defun thumbindex-test--report-death (server)
  "Print why SERVER's process ended, with its stderr, if it ends before shutdown."
  (let ((process (jsonrpc--process server))
        (stderr (jsonrpc-stderr-buffer server)))
    (add-function :before (process-sentinel process)
                  (lambda (process event)
                    (unless (eglot--shutdown-requested server)
                      (message "thumbindex-test: the server %s: %s; its stderr:\n%s"
                               (process-status process) (string-trim event)
                               (if (buffer-live-p stderr)
                                   (with-current-buffer stderr (buffer-string))
                                 "(gone)")))))))

(defun thumbindex-test--write (lines)
  "A new file names.txt in a fresh temporary folder holding LINES, one a line."
  (let ((file (expand-file-name "names.txt" (make-temp-file "thumbindex-test" t)))
        (coding-system-for-write 'utf-8-unix))
    (write-region (mapconcat (lambda (line) (concat line "\n")) lines "") nil file nil 'silent)
    file))

(defmacro thumbindex-test--with-file (file mode &rest body)
  "Visit FILE in MODE with thumbindex started, and run BODY."
  (declare (indent 2))
  `(with-timeout (60 (ert-fail "the test took more than 60 s"))
     (let ((buffer (find-file-noselect ,file)))
       (unwind-protect
           (with-current-buffer buffer
             (funcall ,mode)
             (thumbindex-start)
             (thumbindex-test--wait (lambda () (eglot-current-server)) "Eglot to connect")
             (thumbindex-test--report-death (eglot-current-server))
             ,@body)
         (with-current-buffer buffer
           (let ((server (eglot-current-server)))
             (when server (ignore-errors (eglot-shutdown server nil 5)))))
         (with-current-buffer buffer (set-buffer-modified-p nil))
         (kill-buffer buffer)))))

(defmacro thumbindex-test--with-fixture (name mode &rest body)
  "Visit a copy of fixture NAME in MODE with thumbindex started, and run BODY."
  (declare (indent 2))
  `(thumbindex-test--with-file (thumbindex-test--copy ,name) ,mode ,@body))

(defun thumbindex-test--line () (line-number-at-pos))

(ert-deftest thumbindex-test-registration ()
  "The modes are registered with their languageIds, derived modes first."
  (should (equal (nth 1 (eglot--lookup-mode 'text-mode)) "plaintext"))
  (should (eq (nth 2 (eglot--lookup-mode 'text-mode)) #'thumbindex--contact))
  (should (eq (car (thumbindex--contact)) 'thumbindex-server))
  (when thumbindex-test--markdown
    (should (equal (nth 1 (eglot--lookup-mode 'markdown-mode)) "markdown")))
  (should (equal (thumbindex--settings)
                 '(:thumbindex (:style "apple" :outline (:grouping "sections") :locale "sv_SE")))))

(ert-deftest thumbindex-test-imenu-sections ()
  "imenu lists the sections, in Swedish order, with their entries under them."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (should (cl-typep (eglot-current-server) 'thumbindex-server))
    (let* ((index (funcall imenu-create-index-function))
           (titles (mapcar #'car index)))
      (should (equal (seq-take titles 3) '("A" "B" "C")))
      (should (equal (last titles 4) '("Z" "Å" "Ä" "Ö")))
      (should (equal (mapcar #'car (cdr (assoc "A" index))) '("Agnes" "Anna")))
      (should (equal (mapcar #'car (cdr (assoc "Å" index))) '("Ångström" "Åsa")))
      (should (equal (mapcar #'car (cdr (assoc "Ö" index))) '("Örjan" "Östen")))
      ;; The positions are where the entries are.
      (goto-char (cdr (assoc "Anna" (cdr (assoc "A" index)))))
      (should (= (thumbindex-test--line) 2))
      (should (looking-at "Anna")))))

(ert-deftest thumbindex-test-jump ()
  "`thumbindex-jump' moves point to the first entry of the section."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (thumbindex-jump "Ö")
    (should (= (thumbindex-test--line) 30))
    (should (looking-at "Örjan"))
    (thumbindex-jump "Q")                 ; no Q: the nearest section before is P
    (should (= (thumbindex-test--line) 19))
    (should (looking-at "Per"))
    (thumbindex-jump "ä")                 ; lower case means the title
    (should (looking-at "Ädel"))
    (should-error (thumbindex-jump "Ü") :type 'user-error)))

(ert-deftest thumbindex-test-edits ()
  "After an edit, the outline and the jumps see the new text."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (goto-char (point-max))
    (insert "Quintus\n")
    (goto-char (point-min))
    (thumbindex-jump "Q")
    (should (looking-at "Quintus"))
    (should (assoc "Q" (funcall imenu-create-index-function)))
    ;; Edits after multi-byte letters: the columns are converted as Eglot and the server agreed.
    (goto-char (point-min))
    (end-of-line)                       ; after "Östen"
    (insert "a")
    (forward-line 1)                    ; "Anna" becomes "😀Annabelle"
    (insert "😀")
    (end-of-line)
    (insert "belle")
    (let ((index (funcall imenu-create-index-function)))
      (should (equal (mapcar #'car (cdr (assoc "Ö" index))) '("Örjan" "Östena")))
      (should (member "😀Annabelle" (mapcar #'car (cdr (assoc "#" index))))))
    (thumbindex-jump "#")
    (should (looking-at "😀Annabelle"))))

(ert-deftest thumbindex-test-outline-buffer ()
  "`thumbindex-outline' lists sections and entries; RET visits one."
  (thumbindex-test--with-fixture "names.txt" #'text-mode
    (let* ((source (current-buffer))
           (outline (thumbindex-outline)))
      (set-buffer outline)
      (let ((lines (split-string (buffer-string) "\n" t)))
        (should (string-match-p "40 entries, locale sv-SE" (car lines)))
        (should (equal (seq-take (cdr lines) 5) '("A" "  Agnes" "  Anna" "B" "  Bertil")))
        (should (equal (last lines 3) '("Ö" "  Örjan" "  Östen"))))
      (thumbindex-outline-jump "X")       ; no X: W
      (should (looking-at "W$"))
      (with-current-buffer source
        (goto-char (point-max))
        (insert "Quintus\n"))
      (revert-buffer)                     ; g
      (should (string-match-p "41 entries" (buffer-string)))
      (should (string-match-p "^Q\n  Quintus$" (buffer-string)))
      (goto-char (point-min))
      (search-forward "  Bodil")
      (thumbindex-outline-visit)
      (should (eq (current-buffer) source))
      (should (eq (window-buffer (selected-window)) source))
      (should (= (thumbindex-test--line) 32))
      (kill-buffer outline))))

(ert-deftest thumbindex-test-markdown ()
  "Markdown headings, nested ones too, are sectioned; jumps land on the title."
  (skip-unless thumbindex-test--markdown)
  (thumbindex-test--with-fixture "glossary.md" #'markdown-mode
    (let ((index (funcall imenu-create-index-function)))
      (should (equal (mapcar #'car (cdr (assoc "P" index))) '("Publisher's device")))
      (should (equal (mapcar #'car (cdr (assoc "Ö" index))) '("Ögla"))))
    (thumbindex-jump "T")
    (should (= (thumbindex-test--line) 25))
    (should (= (current-column) 3))
    (should (looking-at "Thumb index"))))

;;; The server's order and names in completion and imenu

(defconst thumbindex-test--long-name
  "Axel Fredrik Gustavsson-Lindqvist af Ekenstam, riksdagsledamot för Stockholms län"
  "A name longer than `imenu-max-item-length' (60), with spaces.")

(defconst thumbindex-test--mixed
  (list "Örjan" "Zorro" "Anna Berg" "#hash" "Åsa" "anna" "Zoë" "123" "Ärla"
        thumbindex-test--long-name)
  "Names whose Swedish order is not their code point order, one a line.")

(defconst thumbindex-test--mixed-sections
  `(("A" "anna" "Anna Berg" ,thumbindex-test--long-name) ("Z" "Zoë" "Zorro") ("Å" "Åsa")
    ("Ä" "Ärla") ("Ö" "Örjan") ("#" "#hash" "123"))
  "The sv_SE sections of `thumbindex-test--mixed', in the server's order.
By code point the sections would be # A Z Ä Å Ö, and the entries
\"Anna Berg\" \"Axel...\" \"anna\" and \"Zorro\" \"Zoë\".")

(defun thumbindex-test--shown (collection sort)
  "COLLECTION's candidates for empty input, in the order the completion UI gives.
SORT is `display-sort-function' (the list *Completions* shows, sorted
as `minibuffer-completion-help' does: by that function of the
metadata, else by `string-lessp') or `cycle-sort-function' (the order
of cycling, as `completion-all-sorted-completions': by that function,
else shorter first)."
  (let* ((metadata (completion-metadata "" collection nil))
         (all (completion-all-completions "" collection nil 0 metadata))
         (last (last all))
         (function (completion-metadata-get metadata sort)))
    (when last (setcdr last nil))       ; the base size
    (mapcar #'substring-no-properties
            (cond (function (funcall function all))
                  ((eq sort 'display-sort-function) (sort all #'string-lessp))
                  (t (sort all (lambda (a b) (< (length a) (length b)))))))))

(defvar thumbindex-test--shown nil
  "What `thumbindex-test--reader' saw, the last read first.")

(defun thumbindex-test--reader (answers shown)
  "A `completing-read-function' answering ANSWERS, one a call, in turn.
Each call pushes onto the list in symbol SHOWN the candidates as
*Completions* would show them."
  (lambda (_prompt collection &rest _)
    (set shown (cons (thumbindex-test--shown collection 'display-sort-function)
                     (symbol-value shown)))
    (should (equal (thumbindex-test--shown collection 'cycle-sort-function)
                   (car (symbol-value shown))))
    (or (pop answers) (ert-fail "more reads than answers"))))

(ert-deftest thumbindex-test-jump-completion-order ()
  "`thumbindex-jump' and the outline's `j' offer the titles in the server's order.
By code point (# first, Ä before Å) without the metadata's sort functions."
  (thumbindex-test--with-file (thumbindex-test--write thumbindex-test--mixed) #'text-mode
    (let* ((titles (thumbindex--titles))
           (thumbindex-test--shown nil)
           (completing-read-function (thumbindex-test--reader '("Ä" "Z") 'thumbindex-test--shown)))
      (should (equal (seq-take titles 2) '("A" "B")))
      (should (equal (last titles 4) '("Å" "Ä" "Ö" "#")))
      (call-interactively #'thumbindex-jump)
      (should (looking-at "Ärla"))
      (should (equal thumbindex-test--shown (list titles)))
      (let ((outline (thumbindex-outline)))
        (call-interactively #'thumbindex-outline-jump)
        (should (looking-at "Z$"))
        (should (equal thumbindex-test--shown (list titles titles)))
        (kill-buffer outline)))))

(defun thumbindex-test--names (index)
  "INDEX, an imenu index alist of sections, as ((SECTION ENTRY...)...).
Without imenu's *Rescan* item."
  (mapcar (lambda (section) (cons (car section) (mapcar #'car (cdr section))))
          (remove imenu--rescan-item index)))

(ert-deftest thumbindex-test-imenu-order-and-names ()
  "imenu keeps the server's order and names, in its index and in its completion.
Without the buffer's imenu options (`thumbindex--imenu-options') the
completion would turn \"Anna Berg\" into \"Anna.Berg\" and imenu would
cut the long name at 60 characters; without `thumbindex--imenu-choose'
*Completions* would sort the sections by code point."
  (thumbindex-test--with-file (thumbindex-test--write thumbindex-test--mixed) #'text-mode
    (should (equal (thumbindex-test--names (imenu--make-index-alist))
                   thumbindex-test--mixed-sections))
    (let ((thumbindex-test--shown nil)
          (completing-read-function (thumbindex-test--reader '("A" "Anna Berg") 'thumbindex-test--shown))
          (last-nonmenu-event ?\r))       ; from the keyboard: completion, no popup menu
      (call-interactively #'imenu)
      (should (= (thumbindex-test--line) 3))
      (should (looking-at "Anna Berg"))
      (should (equal (nreverse thumbindex-test--shown)
                     (list (cons (car imenu--rescan-item) (mapcar #'car thumbindex-test--mixed-sections))
                           (cdr (assoc "A" thumbindex-test--mixed-sections))))))
    ;; SPC at the prompt (`minibuffer-complete-word') adds the space of a name with one.
    (let ((table (thumbindex--ordered-table (cdr (assoc "A" (imenu--make-index-alist))))))
      (with-temp-buffer
        (setq-local minibuffer-completion-table table)
        (insert "Anna")
        (minibuffer-complete-word)
        (should (equal (buffer-string) "Anna "))))
    ;; Another completing-read in the buffer is left alone.
    (let ((completing-read-function (lambda (_prompt collection &rest _) collection)))
      (should (equal (completing-read "x: " '("b" "a")) '("b" "a"))))
    ;; The buffer's own imenu options come back when thumbindex stops managing it.
    (should (equal (mapcar #'symbol-value '(imenu-space-replacement imenu-max-item-length)) '(nil nil)))
    (eglot-shutdown (eglot-current-server) nil 5)
    (should (equal imenu-space-replacement "."))
    (should (equal imenu-max-item-length 60))
    (should-not (local-variable-p 'imenu-sort-function))))

(ert-deftest thumbindex-test-imenu-flat-unsorted ()
  "With grouping \"sorted\", the imenu menu keeps the server's order.
Even when the user sorts imenu menus by name (`imenu-sort-function')."
  (let ((thumbindex-outline-grouping "sorted")
        (user-sort (default-value 'imenu-sort-function)))
    (setq-default imenu-sort-function #'imenu--sort-by-name)
    (unwind-protect
        (thumbindex-test--with-file (thumbindex-test--write thumbindex-test--mixed) #'text-mode
          (let ((entries (mapcar (lambda (symbol) (plist-get symbol :name))
                                 (thumbindex--request :textDocument/documentSymbol
                                                      `(:textDocument ,(thumbindex--document)))))
                (index (imenu--make-index-alist)))
            (should (equal (length entries) (length thumbindex-test--mixed)))
            (should-not (equal entries (sort (copy-sequence entries) #'string-lessp)))
            (should (equal (mapcar #'car (remove imenu--rescan-item index)) entries))
            ;; The mouse menu: imenu sorts its items with `imenu-sort-function'.
            (should (equal (mapcar #'car (remove imenu--rescan-item (cdr (imenu--split-menu index "T"))))
                           entries))))
      (setq-default imenu-sort-function user-sort))))

(provide 'thumbindex-test)

;; The suites of the files next to this one that test.sh does not name: loading this file runs them.
(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-setup-test)
(require 'thumbindex-outline-test)
(require 'thumbindex-project-test)
(require 'thumbindex-sort-test)

;;; thumbindex-test.el ends here
