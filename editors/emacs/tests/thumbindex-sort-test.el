;;; thumbindex-sort-test.el --- thumbindex-sort, the sort code actions, keep-sorted -*- lexical-binding: t; -*-

;;; Commentary:

;; `thumbindex-sort' on a word list, a region and a vCard file; the server's
;; sort actions through `eglot-code-actions' (as Eglot runs them: on Eglot
;; 1.9, which does not resolve code actions, the command thumbindex.sortEntries
;; and the server's workspace/applyEdit); a keep-sorted block's Flymake
;; warning and its quick fix.  Loaded by thumbindex-test.el; alone, from the
;; repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-sort-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'flymake)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures
(require 'thumbindex-sort)

(defconst thumbindex-sort-test--words '("Östen" "Åsa" "Ärla" "Zoë" "Anna")
  "A Swedish word list, out of order.")

(defconst thumbindex-sort-test--sorted '("Anna" "Zoë" "Åsa" "Ärla" "Östen")
  "The word list in Swedish order: Å Ä Ö after Z.")

(defun thumbindex-sort-test--text (lines)
  "LINES as the text of a file, each ended by a newline."
  (mapconcat (lambda (line) (concat line "\n")) lines ""))

(defun thumbindex-sort-test--line-start (line)
  "The position where LINE (1-based) starts."
  (save-excursion (goto-char (point-min)) (forward-line (1- line)) (point)))

(ert-deftest thumbindex-sort-test-word-list ()
  "`thumbindex-sort' puts a Swedish word list into Swedish order; once more changes nothing."
  (thumbindex-test--with-file (thumbindex-test--write thumbindex-sort-test--words) #'text-mode
    (should (> (thumbindex-sort) 0))
    (should (equal (buffer-string) (thumbindex-sort-test--text thumbindex-sort-test--sorted)))
    (should (buffer-modified-p))
    (should (equal (thumbindex-sort) 0))
    (should (equal (buffer-string) (thumbindex-sort-test--text thumbindex-sort-test--sorted)))))

(ert-deftest thumbindex-sort-test-region ()
  "With an active region, `thumbindex-sort' sorts the entries the region touches only."
  (thumbindex-test--with-file (thumbindex-test--write thumbindex-sort-test--words) #'text-mode
    (let ((transient-mark-mode t))
      ;; Lines 2-4, the region ending at the start of line 5 (as marking whole lines leaves it).
      (goto-char (thumbindex-sort-test--line-start 2))
      (push-mark (thumbindex-sort-test--line-start 5) t t)
      (should (use-region-p))
      (call-interactively #'thumbindex-sort))
    (should (equal (buffer-string) (thumbindex-sort-test--text '("Östen" "Zoë" "Åsa" "Ärla" "Anna"))))))

(ert-deftest thumbindex-sort-test-vcard ()
  "`thumbindex-sort' moves a vCard file's cards whole (family name first: Berg before Svensson)."
  (thumbindex-test--with-fixture "contacts.vcf" #'thumbindex-vcard-mode
    (let* ((before (split-string (buffer-string) "\n" t))
           (after (append (seq-subseq before 5 10) (seq-subseq before 0 5))))
      (should (equal (nth 2 before) "FN:Anna Svensson"))
      (thumbindex-sort)
      (should (equal (split-string (buffer-string) "\n" t) after)))))

(ert-deftest thumbindex-sort-test-not-sortable ()
  "A buffer whose format does not sort is told so, and left as it was."
  (thumbindex-test--with-file (thumbindex-test--write '("b" "a")) #'text-mode
    ;; As if the server read the buffer as source code: no sort action is offered.
    (cl-letf (((symbol-function 'thumbindex--request) (lambda (&rest _) [])))
      (should (string-match-p "offers no sort"
                              (cadr (should-error (thumbindex-sort) :type 'user-error)))))
    (should (equal (buffer-string) "b\na\n"))))

(ert-deftest thumbindex-sort-test-eglot-code-actions ()
  "`eglot-code-actions' lists the sort actions and runs the one chosen."
  (thumbindex-test--with-file (thumbindex-test--write thumbindex-sort-test--words) #'text-mode
    (let* ((actions (eglot-code-actions (point) (point) "source.sortEntries"))
           (action (car actions))
           (by-command (plist-get action :command)))
      (should (equal (mapcar (lambda (a) (plist-get a :title)) actions) '("Sort entries (sv_SE)")))
      ;; Eglot 1.9 does not announce codeAction/resolve: the server gives the command, with the data to sort.
      (should (or (plist-get action :data)
                  (equal (plist-get by-command :command) "thumbindex.sortEntries")))
      ;; The jumps come after the sorts in the full list.
      (should (equal (plist-get (car (eglot-code-actions (point) (point))) :title) "Sort entries (sv_SE)"))
      ;; As a person picks it (one action of the kind asked: no menu), answering yes when Eglot asks to
      ;; confirm the server's edit (workspace/applyEdit).
      (let ((asked nil))
        (cl-letf (((symbol-function 'y-or-n-p) (lambda (prompt) (push prompt asked) t)))
          (eglot-code-actions (point) (point) "source.sortEntries" t)
          (thumbindex-test--wait
           (lambda () (equal (buffer-string) (thumbindex-sort-test--text thumbindex-sort-test--sorted)))
           "the buffer sorted by the code action"))
        ;; The command: the server sends workspace/applyEdit, which Eglot has the person confirm.
        (when (and by-command eglot-confirm-server-initiated-edits)
          (should (string-match-p "names.txt" (car asked))))))))

(ert-deftest thumbindex-sort-test-keep-sorted ()
  "A keep-sorted block out of order gets a Flymake warning; its quick fix sorts the block."
  (let ((file (thumbindex-test--write '("Tools:" "# keep-sorted start" "zlib" "attrs" "öl" "# keep-sorted end"))))
    (thumbindex-test--with-file file #'text-mode
      (should flymake-mode)
      (let ((diagnostic (thumbindex-test--wait
                         (lambda () (flymake-start) (car (flymake-diagnostics)))
                         "the keep-sorted warning")))
        (should (eq (flymake-diagnostic-type diagnostic) 'eglot-warning))
        (should (string-match-p "attrs" (flymake-diagnostic-text diagnostic)))
        (should (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) 4)))
      (goto-char (thumbindex-sort-test--line-start 4))
      (let ((actions (eglot-code-actions (point) (point) "quickfix")))
        (should (equal (mapcar (lambda (a) (plist-get a :title)) actions)
                       '("Sort this keep-sorted block (sv_SE)"))))
      (eglot-code-actions (point) (point) "quickfix" t)
      (should (equal (buffer-string)
                     (thumbindex-sort-test--text
                      '("Tools:" "# keep-sorted start" "attrs" "zlib" "öl" "# keep-sorted end"))))
      ;; Eglot sends the edit once Emacs is idle, which it never is in batch: sent as a request of
      ;; thumbindex's sends it.
      (thumbindex-eglot-call 'send-changes)
      (thumbindex-test--wait (lambda () (flymake-start) (null (flymake-diagnostics)))
                             "the warning gone once the block is sorted"))))

(provide 'thumbindex-sort-test)
;;; thumbindex-sort-test.el ends here
