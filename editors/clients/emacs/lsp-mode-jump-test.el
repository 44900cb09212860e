;;; lsp-mode-jump-test.el --- the letter jump in lsp-mode, no ThumbIndex package  -*- lexical-binding: t; -*-

;;; Commentary:

;; Run by editors/clients/run.sh, with `thumbindex' on PATH:
;;
;;   THUMBINDEX_CLIENTS_CONFIG=editors/clients/emacs/lsp-mode-jump-init.el \
;;   THUMBINDEX_CLIENTS_EXPECT=moves THUMBINDEX_CLIENTS_FILE=/tmp/x/ord.txt \
;;     emacs --batch -l editors/clients/emacs/lsp-mode-jump-test.el -f ert-run-tests-batch-and-exit
;;
;; The configuration under test is the init file THUMBINDEX_CLIENTS_CONFIG (the
;; lines editors/README.md gives); this file only makes lsp-mode quiet in batch
;; (no session file, no prompts, no other client).  The jump is run the ways a
;; person runs it: `lsp-execute-code-action' with the menu answered, and a click
;; on a code lens (its action).  THUMBINDEX_CLIENTS_EXPECT says where point ends:
;; "moves" (to "  ödla", line 8, column 2, the first entry of Ö) or "stays"
;; (lsp-mode 8 drops the command's answer).  Either way the server's answer,
;; seen through `lsp-request', is that Location.  Then "Sort entries" from the
;; same menu: resolved (codeAction/resolve), its edit applied, the buffer as
;; `thumbindex sort --entries' sorts the file.  Waits are bounded.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'lsp-mode)
(require 'lsp-lens)

(defconst thumbindex-clients--config (getenv "THUMBINDEX_CLIENTS_CONFIG")
  "The init file under test.")
(defconst thumbindex-clients--file (getenv "THUMBINDEX_CLIENTS_FILE")
  "The Swedish word list, a copy outside the repository.")
(defconst thumbindex-clients--moves (equal (getenv "THUMBINDEX_CLIENTS_EXPECT") "moves")
  "Non-nil when point is expected to move to the section's first entry.")

(defconst thumbindex-clients--titles '("A" "B" "C" "O" "Z" "Å" "Ä" "Ö")
  "The letters with entries under sv_SE, in index order.")

;; Batch lsp-mode: a session file of its own, no question, no other client.
(defconst thumbindex-clients--session (make-temp-file "thumbindex-clients-lsp" t)
  "Where `lsp-session-file' goes.")
(add-hook 'kill-emacs-hook (lambda () (delete-directory thumbindex-clients--session t)))
(setq lsp-session-file (expand-file-name "session" thumbindex-clients--session)
      lsp-client-packages nil
      lsp-enabled-clients '(thumbindex)
      lsp-auto-guess-root t
      lsp-restart 'ignore
      lsp-keep-workspace-alive nil
      lsp-enable-file-watchers nil
      lsp-response-timeout 20
      lsp-diagnostics-provider :none
      lsp-completion-enable nil
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-modeline-workspace-status-enable nil
      lsp-lens-enable t)

(load thumbindex-clients--config nil t)

(defvar thumbindex-clients--answers nil
  "The answers of workspace/executeCommand, latest first, as `lsp-request' returned them.")

(define-advice lsp-request (:around (request method params &rest rest) thumbindex-clients-tap)
  "Keep the answers of workspace/executeCommand (the request itself is unchanged)."
  (let ((answer (apply request method params rest)))
    (when (equal method "workspace/executeCommand")
      (push answer thumbindex-clients--answers))
    answer))

(defun thumbindex-clients--wait (predicate what)
  "Wait until PREDICATE is non-nil, or fail after 20 s naming WHAT."
  (let ((deadline (+ (float-time) 20)) value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (ert-fail (format "timed out after 20 s waiting for %s" what)))))

(defmacro thumbindex-clients--visiting (&rest body)
  "Visit the word list with lsp-mode on thumbindex, run BODY, shut the server down."
  (declare (indent 0))
  `(with-timeout (90 (ert-fail "the test took more than 90 s"))
     (let ((buffer (find-file-noselect thumbindex-clients--file)) workspace)
       (unwind-protect
           (progn
             (switch-to-buffer buffer)
             (should (eq major-mode 'text-mode))
             (lsp)
             (thumbindex-clients--wait
              (lambda () (let ((workspace (car lsp--buffer-workspaces)))
                           (and workspace (eq (lsp--workspace-status workspace) 'initialized))))
              "the thumbindex workspace to be initialized")
             (setq workspace (car lsp--buffer-workspaces))
             ,@body)
         (with-current-buffer buffer (set-buffer-modified-p nil))
         (kill-buffer buffer)
         ;; Until lsp-mode has let the workspace go (its process sentinel), a new buffer would join it.
         (when workspace
           (thumbindex-clients--wait
            (lambda () (not (or (process-live-p (lsp--workspace-proc workspace))
                                (memq workspace (lsp--session-workspaces (lsp-session))))))
            "the server to exit and lsp-mode to let its workspace go"))))))

(defun thumbindex-clients--check-jump (answers-before line)
  "Check the jump after ANSWERS-BEFORE answers, point having been on LINE."
  (should (= (length thumbindex-clients--answers) (1+ answers-before)))
  (let* ((answer (car thumbindex-clients--answers))
         (start (lsp:range-start (lsp:location-range answer))))
    (should (equal (lsp:location-uri answer) (lsp--path-to-uri thumbindex-clients--file)))
    (should (equal (list (lsp:position-line start) (lsp:position-character start)) '(7 2))))
  (with-current-buffer (get-file-buffer thumbindex-clients--file)
    (should (equal (list (line-number-at-pos) (current-column))
                   (if thumbindex-clients--moves '(8 2) (list line 0))))))

(ert-deftest thumbindex-clients-lsp-mode-capabilities ()
  "The server is lsp-mode's thumbindex client, with code actions, lenses and the command."
  (thumbindex-clients--visiting
    (should (eq (lsp--client-server-id (lsp--workspace-client (car lsp--buffer-workspaces))) 'thumbindex))
    (should (lsp-feature? "textDocument/codeAction"))
    (should (lsp-feature? "textDocument/codeLens"))
    (should (equal (append (lsp:execute-command-options-commands (lsp--capability :executeCommandProvider)) nil)
                   '("thumbindex.jump" "thumbindex.sortEntries")))))

(ert-deftest thumbindex-clients-lsp-mode-code-action ()
  "`lsp-execute-code-action' offers the sort, a \"Go to\" per letter with entries; \"Go to Ö\" jumps."
  (thumbindex-clients--visiting
    (goto-char (point-min))
    (forward-line 2)
    (let ((answers-before (length thumbindex-clients--answers)) offered)
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt collection &rest _)
                   (setq offered (mapcar #'car collection))
                   "Go to Ö (3 entries)")))
        (call-interactively #'lsp-execute-code-action))
      (should (equal offered (cons "Sort entries (sv_SE)"
                                   (mapcar (lambda (title)
                                             (format "Go to %s (%s)" title
                                                     (if (equal title "Ö") "3 entries" "1 entry")))
                                           thumbindex-clients--titles))))
      (thumbindex-clients--check-jump answers-before 3))))

(ert-deftest thumbindex-clients-lsp-mode-lens ()
  "`lsp-lens-mode' is on and `lsp-lens-show' shows the letters on line 1; clicking Ö jumps."
  (thumbindex-clients--visiting
    (goto-char (point-min))
    (forward-line 1)
    (should lsp-lens-mode)
    ;; The mode asks again when Emacs is idle, which batch Emacs never is: the command asks now.
    (call-interactively #'lsp-lens-show)
    (should (= (length lsp-lens--overlays) 1))
    (let* ((overlay (car lsp-lens--overlays))
           (tokens (overlay-get overlay 'lsp--metadata))
           (answers-before (length thumbindex-clients--answers)))
      (should (= (line-number-at-pos (overlay-start overlay)) 1))
      (should (equal (mapcar #'substring-no-properties tokens) thumbindex-clients--titles))
      ;; What a click on the Ö lens runs (its mouse-1 binding is the same command).
      (funcall (get-text-property 0 'action (car (last tokens))))
      (thumbindex-clients--check-jump answers-before 2))))

(ert-deftest thumbindex-clients-lsp-mode-sort ()
  "\"Sort entries\" from `lsp-execute-code-action' (resolved) sorts the buffer as `thumbindex sort --entries' does."
  (let ((wanted (with-temp-buffer
                  (let ((coding-system-for-read 'utf-8))
                    (should (= 0 (call-process "thumbindex" nil t nil "sort" "--entries" "-l" "sv_SE"
                                               thumbindex-clients--file))))
                  (buffer-string))))
    (should (string-prefix-p "anteckning\n" wanted))
    (thumbindex-clients--visiting
      (should (lsp-feature? "codeAction/resolve"))
      (cl-letf (((symbol-function 'completing-read)
                 (lambda (_prompt _collection &rest _) "Sort entries (sv_SE)")))
        (call-interactively #'lsp-execute-code-action))
      (should (equal (buffer-string) wanted)))))

;;; lsp-mode-jump-test.el ends here
