;;; thumbindex-workspace-test.el --- The workspace's thumb index in a buffer -*- lexical-binding: t; -*-

;;; Commentary:

;; `thumbindex-workspace' against the real server, on a temporary folder of
;; vCard, Markdown and text files: the entries of all of them in one
;; Swedish thumb index, RET visiting an entry's file at the entry, j moving
;; to a section, and the clear messages when there is nothing to ask.  The
;; server is started from a file at the top of the folder, which Eglot
;; then takes as the project (a transient one: no version control), so
;; the folder is the rootUri.  Every wait is bounded.  From the repository root:
;;
;;   THUMBINDEX_BIN=.build/debug/thumbindex emacs --batch \
;;     -l editors/emacs/tests/thumbindex-workspace-test.el -f ert-run-tests-batch-and-exit

;;; Code:

(require 'ert)
(require 'cl-lib)

(add-to-list 'load-path (file-name-directory (or load-file-name buffer-file-name)))
(require 'thumbindex-test)              ; the package, the server, the fixtures
(require 'thumbindex-workspace)

(defconst thumbindex-workspace-test--files
  '(("ord.txt" "Cecilia" "Axel" "Ödla")
    ("anteckningar.md" "# Zeta" "" "Text." "" "## Ål" "" "## Adam")
    ("kontakter.vcf" "BEGIN:VCARD" "VERSION:3.0" "N:Öberg;Åsa;;;" "FN:Åsa Öberg"
     "ORG:Öbergs bok" "END:VCARD" "BEGIN:VCARD" "VERSION:3.0" "N:Berg;Anna;;;"
     "FN:Anna Berg" "END:VCARD")
    ("people/Ärla.vcf" "BEGIN:VCARD" "VERSION:3.0" "N:Ängel;Ärla;;;" "FN:Ärla Ängel"
     "END:VCARD"))
  "The files of the workspace: (NAME LINE...).")

(defconst thumbindex-workspace-test--lines
  '("A" "  Adam  anteckningar.md" "  Axel  ord.txt"
    "B" "  Anna Berg  kontakter.vcf"
    "C" "  Cecilia  ord.txt"
    "Z" "  Zeta  anteckningar.md"
    "Å" "  Ål  anteckningar.md"
    "Ä" "  Ärla Ängel  people/Ärla.vcf"
    "Ö" "  Åsa Öberg  Öbergs bok  kontakter.vcf" "  Ödla  ord.txt")
  "The lines of the workspace buffer after its first, in Swedish order.
By code point Ä would come before Å; contacts sort by family name.")

(defun thumbindex-workspace-test--folder ()
  "A fresh temporary folder holding `thumbindex-workspace-test--files'."
  (let ((folder (make-temp-file "thumbindex-workspace-test" t))
        (coding-system-for-write 'utf-8-unix))
    (pcase-dolist (`(,name . ,lines) thumbindex-workspace-test--files)
      (let ((file (expand-file-name name folder)))
        (make-directory (file-name-directory file) t)
        (write-region (mapconcat (lambda (line) (concat line "\n")) lines "") nil file nil 'silent)))
    folder))

(defun thumbindex-workspace-test--open ()
  "`thumbindex-workspace' from the current buffer, once the server has read the files."
  (let ((buffer (thumbindex-workspace)))
    (with-current-buffer buffer
      (thumbindex-test--wait
       (lambda ()
         (or (not (string-match-p "Reading the workspace" (buffer-string)))
             (progn (revert-buffer) nil)))  ; g
       "the server to read the workspace"))
    buffer))

(defun thumbindex-workspace-test--line ()
  "The text of point's line."
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defun thumbindex-workspace-test--kill-visited (folder)
  "Kill the buffers visiting files of FOLDER, unmodified."
  (dolist (buffer (buffer-list))
    (let ((file (buffer-file-name buffer)))
      (when (and file (file-in-directory-p file folder))
        (with-current-buffer buffer (set-buffer-modified-p nil))
        (kill-buffer buffer)))))

(defvar thumbindex-workspace-test--sent nil
  "The methods of the requests sent, the last first.")

(defun thumbindex-workspace-test--record (_connection &rest args)
  "Note the method of a request ARGS (`jsonrpc-connection-send')."
  (when (plist-get args :method)
    (push (plist-get args :method) thumbindex-workspace-test--sent)))

(ert-deftest thumbindex-workspace-test-lists-visits-jumps ()
  "The entries of all the files in Swedish order; RET visits one; j moves to a section."
  (let* ((folder (thumbindex-workspace-test--folder))
         (thumbindex-workspace-test--sent nil))
    (advice-add 'jsonrpc-connection-send :before #'thumbindex-workspace-test--record)
    (unwind-protect
        (thumbindex-test--with-file (expand-file-name "ord.txt" folder) #'text-mode
          (let ((workspace (thumbindex-workspace-test--open)))
            (set-buffer workspace)
            (should (equal (buffer-name)
                           (format "*thumbindex workspace: %s*" (file-name-nondirectory folder))))
            (let ((lines (split-string (buffer-string) "\n" t)))
              (should (string-match-p "\\`.*thumbindex-workspace-test.*, 9 entries, locale sv-SE\\'"
                                      (car lines)))
              (should (equal (cdr lines) thumbindex-workspace-test--lines)))
            ;; RET on a heading of a file not visited yet: the file, at the heading's title.
            (let ((notes (expand-file-name "anteckningar.md" folder)))
              (should-not (get-file-buffer notes))
              (goto-char (point-min))
              (search-forward "  Ål  ")
              (thumbindex-workspace-visit)
              (should (equal buffer-file-name notes))
              (should (eq (window-buffer (selected-window)) (current-buffer)))
              (should (= (line-number-at-pos) 5))
              (should (= (current-column) 3))
              (should (looking-at "Ål$")))
            ;; A contact in a folder below, with a name out of ASCII.
            (set-buffer workspace)
            (goto-char (point-min))
            (search-forward "  Ärla Ängel")
            (thumbindex-workspace-visit)
            (should (equal buffer-file-name (expand-file-name "people/Ärla.vcf" folder)))
            (should (= (line-number-at-pos) 4))
            (should (looking-at "FN:Ärla Ängel$"))
            ;; j: the titles offered in the server's order, then to the section's header.
            (set-buffer workspace)
            (let* ((offered nil)
                   (completing-read-function
                    (lambda (_prompt collection &rest _)
                      (setq offered (all-completions "" collection))
                      "Ä")))
              (call-interactively #'thumbindex-outline-jump)
              (should (equal (last offered 4) '("Å" "Ä" "Ö" "#"))))
            (should (equal (thumbindex-workspace-test--line) "Ä"))
            (thumbindex-outline-jump "Q")     ; no Q: the nearest section before it
            (should (equal (thumbindex-workspace-test--line) "C"))
            (forward-line 1)
            (thumbindex-workspace-visit)      ; the txt file, already visited
            (should (equal buffer-file-name (expand-file-name "ord.txt" folder)))
            (should (looking-at "Cecilia$"))
            ;; Only the workspace's requests were sent from the workspace buffer.
            (should (memq :thumbindex/workspaceJump thumbindex-workspace-test--sent))
            (should (memq :thumbindex/workspaceEntries thumbindex-workspace-test--sent))
            (should-not (cl-intersection '(:thumbindex/sections :thumbindex/entries :thumbindex/jump)
                                         thumbindex-workspace-test--sent))
            (kill-buffer workspace)))
      (advice-remove 'jsonrpc-connection-send #'thumbindex-workspace-test--record)
      (thumbindex-workspace-test--kill-visited folder))))

(ert-deftest thumbindex-workspace-test-no-workspace ()
  "Without a server, or with one that reads no folder, a clear `user-error' and no buffer."
  (with-temp-buffer
    (should (string-match-p "No thumbindex server here"
                            (cadr (should-error (thumbindex-workspace) :type 'user-error)))))
  (let ((folder (thumbindex-workspace-test--folder))
        (thumbindex-workspace-index :json-false)) ; the server reads no folder: -32600
    (thumbindex-test--with-file (expand-file-name "ord.txt" folder) #'text-mode
      (let ((err (should-error (thumbindex-workspace) :type 'user-error)))
        (should (string-match-p "reads no workspace folder" (cadr err))))
      (should-not (get-buffer (format "*thumbindex workspace: %s*"
                                      (file-name-nondirectory folder)))))))

(ert-deftest thumbindex-workspace-test-reading ()
  "While the server reads the files, the buffer says so, and has no entry to visit."
  (with-temp-buffer
    (thumbindex-workspace-mode)
    (setq thumbindex--workspace-root "/tmp/notes/")
    (cl-letf (((symbol-function 'thumbindex--sections)
               (lambda () '(:version 0 :totalCount 0 :sections [] :complete :json-false))))
      (revert-buffer))
    (should (equal (buffer-string) "/tmp/notes/: Reading the workspace… g to ask again\n"))
    (should (equal (should-error (thumbindex-workspace-visit) :type 'user-error)
                   '(user-error "No entry on this line")))))

(ert-deftest thumbindex-workspace-test-columns ()
  "A position's character is counted in the session's encoding."
  (with-temp-buffer
    (insert "x\n😀Åb😀Örn\n")
    (pcase-dolist (`(,encoding . ,character) '(("utf-16" . 6) ("utf-8" . 11) ("utf-32" . 4)))
      (thumbindex--workspace-goto (list :line 1 :character character) encoding)
      (should (looking-at "Örn")))
    (thumbindex--workspace-goto '(:line 1 :character 99) "utf-16")
    (should (eolp))))

(provide 'thumbindex-workspace-test)
;;; thumbindex-workspace-test.el ends here
