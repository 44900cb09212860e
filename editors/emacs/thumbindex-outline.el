;;; thumbindex-outline.el --- The sections and entries of a buffer, in a buffer -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `thumbindex-outline' lists the sections and entries of the current
;; buffer, as the thumbindex server sorts them, in a buffer of its own:
;; RET visits the entry on the current line, j moves to a letter, g asks
;; again.  The outline is made again `thumbindex-outline-update-delay'
;; seconds after the last edit of its buffer, as the Neovim plugin's is
;; (one not shown in a window when it is shown next).  Loaded by
;; thumbindex.el when the command is first called.

;;; Code:

(require 'seq)
(require 'thumbindex)

(defcustom thumbindex-page-size 1000
  "How many entries `thumbindex-outline' asks for in one request."
  :type 'natnum
  :group 'thumbindex)

(defcustom thumbindex-outline-update-delay 0.3
  "Seconds after the last edit of a buffer before its outline is made again.
nil: only when asked (g, `revert-buffer').  Making it again is given up
when a key is typed meanwhile, and tried again after the next edit."
  :type '(choice (const :tag "Only when asked" nil) number)
  :group 'thumbindex)

(defface thumbindex-header '((t :inherit font-lock-keyword-face :weight bold))
  "Face of the section headers in `thumbindex-outline'."
  :group 'thumbindex)

;;;; The outline buffer

(defvar-local thumbindex--source nil
  "The buffer a `thumbindex-outline' buffer lists.")

(defvar-local thumbindex--outline-stale nil
  "In an outline buffer: non-nil when its source changed while it was not shown.")

(defvar-local thumbindex--outline-timer nil
  "In a source buffer: the timer that makes its outlines again after an edit.")

(defvar thumbindex-outline-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "RET") #'thumbindex-outline-visit)
    (define-key map (kbd "j") #'thumbindex-outline-jump)
    (define-key map (kbd "n") #'next-line)
    (define-key map (kbd "p") #'previous-line)
    map)
  "Keys of `thumbindex-outline-mode'.")

(define-derived-mode thumbindex-outline-mode special-mode "ThumbIndex"
  "The sections and entries of a buffer, as thumbindex sorts them.
\\{thumbindex-outline-mode-map}"
  (setq truncate-lines t)
  (setq-local revert-buffer-function #'thumbindex--outline-revert))

(defun thumbindex--fetch-entries (total version)
  "All TOTAL entries of the current buffer at VERSION, page by page."
  (let ((entries nil) (offset 0))
    (while (< offset total)
      (let ((page (thumbindex--request
                   :thumbindex/entries
                   `(:textDocument ,(thumbindex--document)
                                   :offset ,offset
                                   :limit ,thumbindex-page-size
                                   :version ,version))))
        (setq entries
              (nconc entries (thumbindex--list (plist-get page :entries))))
        (setq offset (+ offset thumbindex-page-size))))
    entries))

(defun thumbindex--outline-text (source)
  "The text of the outline of buffer SOURCE, with the properties of its lines."
  (let* ((sections (with-current-buffer source (thumbindex--sections)))
         (total (plist-get sections :totalCount))
         (entries (vconcat (with-current-buffer source
                             (thumbindex--fetch-entries
                              total (plist-get sections :version))))))
    (with-temp-buffer
      (insert (format "%s, %d entries, locale %s\n"
                      (buffer-name source) total (plist-get sections :locale)))
      (dolist (section (thumbindex--list (plist-get sections :sections)))
        (insert (propertize (plist-get section :title)
                            'face 'thumbindex-header
                            'thumbindex-title (plist-get section :title))
                "\n")
        (let ((offset (plist-get section :offset)))
          (dotimes (i (plist-get section :count))
            (let ((entry (aref entries (+ offset i))))
              (insert (propertize (concat "  " (plist-get entry :name))
                                  'thumbindex-entry entry)
                      "\n")))))
      (buffer-string))))

(defun thumbindex--outline-revert (&rest _)
  "Ask the server again for the outline of `thumbindex--source'.
Point, and the point of each window on the outline, stay on their lines."
  (let ((text (thumbindex--outline-text thumbindex--source))
        (inhibit-read-only t)
        (line (line-number-at-pos))
        (windows (mapcar (lambda (window)
                           (cons window (line-number-at-pos (window-point window))))
                         (get-buffer-window-list nil nil t))))
    (erase-buffer)
    (insert text)
    (setq thumbindex--outline-stale nil)
    (pcase-dolist (`(,window . ,at) windows)
      (set-window-point window (thumbindex--line-position at)))
    (goto-char (thumbindex--line-position line))))

(defun thumbindex--line-position (line)
  "The start of line LINE of the current buffer (its last line when it has fewer)."
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (point)))

;;;; Following edits

(defun thumbindex--outline-buffers (source)
  "The outline buffers of SOURCE."
  (seq-filter (lambda (buffer)
                (eq (buffer-local-value 'thumbindex--source buffer) source))
              (buffer-list)))

(defun thumbindex--outline-after-change (&rest _)
  "Make the outlines of this buffer again once it has not changed for a while.
In `after-change-functions' of a buffer with an outline."
  (when thumbindex-outline-update-delay
    (when (timerp thumbindex--outline-timer)
      (cancel-timer thumbindex--outline-timer))
    (setq thumbindex--outline-timer
          (run-with-timer thumbindex-outline-update-delay nil
                          #'thumbindex--outline-update (current-buffer)))))

(defun thumbindex--outline-update (source)
  "Make the outlines of SOURCE again: those shown now, the others when shown."
  (when (buffer-live-p source)
    (with-current-buffer source
      (setq thumbindex--outline-timer nil))
    (let ((outlines (thumbindex--outline-buffers source)))
      (dolist (outline outlines)
        (with-current-buffer outline
          (setq thumbindex--outline-stale t)
          (when (get-buffer-window outline t)
            (thumbindex--outline-refresh))))
      (unless outlines
        (with-current-buffer source
          (remove-hook 'after-change-functions #'thumbindex--outline-after-change t))))))

(defun thumbindex--outline-shown (window)
  "Make the outline buffer WINDOW shows now again when it is stale.
In the buffer-local `window-buffer-change-functions' of an outline."
  (with-current-buffer (window-buffer window)
    (thumbindex--outline-refresh)))

(defun thumbindex--outline-refresh ()
  "Make the current outline buffer again when it is stale.
Given up when a key is typed meanwhile (it stays stale); a server that
is gone is said in the echo area."
  (when (and thumbindex--outline-stale (buffer-live-p thumbindex--source))
    (condition-case err
        (catch 'thumbindex--cancelled
          (let ((thumbindex--interruptible t))
            (thumbindex--outline-revert)))
      (error (message "thumbindex: the outline of %s: %s"
                      (buffer-name thumbindex--source) (error-message-string err))))))

;;;###autoload
(defun thumbindex-outline ()
  "Show the sections and entries of the current buffer in another window."
  (interactive)
  (thumbindex--server)
  (let* ((source (current-buffer))
         (buffer (get-buffer-create
                  (format "*thumbindex: %s*" (buffer-name source)))))
    (with-current-buffer buffer
      (thumbindex-outline-mode)
      (setq thumbindex--source source)
      (thumbindex--outline-revert)
      (goto-char (point-min))
      (forward-line 1)
      ;; Shown again after edits made while it was hidden: made again then.
      (add-hook 'window-buffer-change-functions #'thumbindex--outline-shown nil t))
    (with-current-buffer source
      (add-hook 'after-change-functions #'thumbindex--outline-after-change nil t))
    (pop-to-buffer buffer)
    buffer))

(defun thumbindex--entry-at-line (n)
  "The entry on the line N lines down from point's, or nil."
  (save-excursion
    (forward-line n)
    (get-text-property (line-beginning-position) 'thumbindex-entry)))

(defun thumbindex-outline-visit ()
  "Visit the entry on the current line (a header visits its first entry)."
  (interactive)
  (let ((entry (or (thumbindex--entry-at-line 0)
                   (thumbindex--entry-at-line 1)))
        (source thumbindex--source))
    (unless entry (user-error "No entry on this line"))
    (unless (buffer-live-p source)
      (user-error "The buffer of this outline is gone"))
    (pop-to-buffer source)
    (goto-char (thumbindex--start (plist-get entry :selectionRange)))))

(defun thumbindex--header-position (title)
  "The position of the header line of section TITLE in the outline, or nil."
  (save-excursion
    (goto-char (point-min))
    (let (found)
      (while (and (not found) (not (eobp)))
        (when (equal (get-text-property (point) 'thumbindex-title) title)
          (setq found (point)))
        (forward-line 1))
      found)))

(defun thumbindex-outline-jump (title)
  "Move to the section of index title TITLE in the outline.
A title without entries moves to the nearest section before it."
  (interactive
   (list (completing-read "Index title: "
                          (with-current-buffer thumbindex--source
                            (thumbindex--ordered-table (thumbindex--titles)))
                          nil t)))
  (let ((result (with-current-buffer thumbindex--source
                  (thumbindex--jump-request
                   (thumbindex--resolve-title title (thumbindex--titles))))))
    (cond ((null result) (message "No entries"))
          ((eq t (plist-get result :search)) (goto-char (point-min)))
          (t (let ((header (thumbindex--header-position
                            (plist-get result :title))))
               (when header (goto-char header)))))))

(provide 'thumbindex-outline)
;;; thumbindex-outline.el ends here
