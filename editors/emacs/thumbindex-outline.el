;;; thumbindex-outline.el --- The sections and entries of a buffer, in a buffer -*- lexical-binding: t; -*-

;; This file is not part of GNU Emacs.

;;; Commentary:

;; `thumbindex-outline' lists the sections and entries of the current
;; buffer, as the thumbindex server sorts them, in a buffer of its own:
;; RET visits the entry on the current line, j moves to a letter, g asks
;; again.  The buffer has a line for every entry at once (… until its
;; entry has come), and the entries come a page of `thumbindex-page-size'
;; at a time, without waiting, those in view first (thumbindex-pages.el),
;; as the Neovim plugin's pager does: a long outline costs the pages you
;; look at.  Only the first page in view, and the page of an entry RET
;; visits before it came, are waited for.  The outline is made again `thumbindex-outline-update-delay'
;; seconds after the last edit of its buffer, as the Neovim plugin's is
;; (one not shown in a window when it is shown next).  Loaded by
;; thumbindex.el when the command is first called.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'thumbindex)
(require 'thumbindex-pages)

(defcustom thumbindex-page-size 1000
  "How many entries `thumbindex-outline' asks for in one request.
The outline has a line for every entry from the start; the entries
come a page at a time, those in view first."
  :type 'natnum
  :group 'thumbindex)

(defcustom thumbindex-outline-preload 1
  "How many pages past those in view `thumbindex-outline' asks for ahead."
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
  (setq buffer-undo-list t)
  (setq-local revert-buffer-function #'thumbindex--outline-revert))

;;;; Pages

(defvar thumbindex-outline-pages-in-flight 2
  "How many page requests an outline has without an answer at most.
Pages are asked for in the order they are needed (`thumbindex--outline-want'),
so a page scrolled past before its turn is never asked for.")

(defvar-local thumbindex--layout nil
  "In an outline buffer: its `thumbindex--layout'.")

(defvar-local thumbindex--want-timer nil
  "In an outline buffer: the timer that asks for the pages in view soon.")

(defconst thumbindex--placeholder "…"
  "What an entry's line shows until its page has come.")

(defvar-local thumbindex--entry-text-function #'thumbindex--entry-text
  "In an outline buffer: the function giving the text of an entry's line.")

(defun thumbindex--entry-text (entry)
  "The text of ENTRY's line, without its indentation (one line)."
  (replace-regexp-in-string "[\n\r]" " " (plist-get entry :name) t t))

(defun thumbindex--page-params (layout page)
  "The thumbindex/entries params of PAGE of LAYOUT, in its source buffer."
  (let ((size (thumbindex--layout-page-size layout)))
    `(:textDocument ,(thumbindex--document)
                    :offset ,(* page size) :limit ,size
                    :version ,(thumbindex--layout-version layout))))

(defun thumbindex--views (windows line)
  "The rows in view, each (FIRST . LAST), from the WINDOWS on the outline.
Each of WINDOWS is (WINDOW START-LINE POINT-LINE HEIGHT): the rows from
its start, or around its point when that is out of them (redisplay will
bring it in).  With no window, the rows from LINE, point's, on."
  (mapcar (lambda (row) (cons (max 0 (car row)) (max 0 (cdr row))))
          (if windows
              (mapcar (pcase-lambda (`(,_ ,start ,at ,height))
                        (if (and (<= start at) (< at (+ start height)))
                            (cons (- start 2) (+ start height -2))
                          (cons (- at 2 (/ height 2)) (+ at -2 (/ height 2)))))
                      windows)
            (list (cons (- line 2) (+ line 48))))))

(defun thumbindex--outline-windows ()
  "The windows on the current buffer, each (WINDOW START-LINE POINT-LINE HEIGHT)."
  (mapcar (lambda (window)
            (list window (line-number-at-pos (window-start window))
                  (line-number-at-pos (window-point window)) (window-body-height window)))
          (get-buffer-window-list nil nil t)))

(defun thumbindex--outline-apply (layout page entries)
  "Put ENTRIES, PAGE of LAYOUT, in place of their placeholders in the outline.
In the buffer of LAYOUT, in one pass over the page's lines."
  (let* ((all (thumbindex--layout-entries layout))
         (offsets (thumbindex--layout-offsets layout))
         (offset (* page (thumbindex--layout-page-size layout)))
         (section (thumbindex--layout-section-of-offset layout offset))
         (row (thumbindex--layout-row-of-offset layout offset))
         (inhibit-read-only t))
    (save-excursion
      (goto-char (point-min))
      (forward-line (1+ row))
      (dolist (entry (append entries nil))
        (while (and (< (1+ section) (length offsets)) (>= offset (aref offsets (1+ section))))
          (setq section (1+ section)))
        (let ((target (+ offset section 1)))
          (forward-line (- target row))
          (setq row target))
        (when (< offset (length all))
          (aset all offset entry)
          (let ((start (+ (line-beginning-position) 2)))
            (delete-region start (line-end-position))
            (goto-char start)
            (insert (funcall thumbindex--entry-text-function entry))))
        (setq offset (1+ offset))))
    (puthash page 'loaded (thumbindex--layout-pages layout))
    (thumbindex--layout-note layout 'applied page)))

(defun thumbindex--fetch-page (layout page)
  "PAGE of LAYOUT from the server, waiting for it: its entries.
In the outline buffer."
  (thumbindex--layout-note layout 'request page)
  (let ((result (with-current-buffer thumbindex--source
                  (thumbindex--request :thumbindex/entries
                                       (thumbindex--page-params layout page)))))
    (unless (equal (plist-get result :version) (thumbindex--layout-version layout))
      (error "The document changed meanwhile: g to ask again"))
    (plist-get result :entries)))

(defun thumbindex--outline-page-stale (layout page)
  "PAGE of LAYOUT is of an older version: make the outline again soon."
  (remhash page (thumbindex--layout-pages layout))
  (thumbindex--layout-note layout 'stale page)
  (setq thumbindex--outline-stale t)
  (run-with-timer 0 nil #'thumbindex--outline-update thumbindex--source))

(defun thumbindex--outline-arrived (outline layout page result error)
  "The answer for PAGE of LAYOUT in OUTLINE: RESULT, or ERROR (a plist).
Put in place unless the outline was made again meanwhile; then ask
for the next page it needs."
  (when (buffer-live-p outline)
    (with-current-buffer outline
      (cl-decf (thumbindex--layout-in-flight layout))
      (cond ((not (eq layout thumbindex--layout))
             (thumbindex--layout-note layout 'dropped page))
            ((eq 'loaded (gethash page (thumbindex--layout-pages layout))))
            ((or (eql (plist-get error :code) -32801)
                 (and result (not (equal (plist-get result :version)
                                         (thumbindex--layout-version layout)))))
             (thumbindex--outline-page-stale layout page))
            (error
             (remhash page (thumbindex--layout-pages layout))
             (thumbindex--layout-note layout 'error page)
             (message "thumbindex: entries of %s: %s" (buffer-name thumbindex--source)
                      (or (plist-get error :message) error)))
            (t (thumbindex--outline-apply layout page (plist-get result :entries))
               (thumbindex--outline-want))))))

(defun thumbindex--outline-request (layout page)
  "Ask for PAGE of LAYOUT without waiting; `thumbindex--outline-arrived' takes it."
  (let ((outline (current-buffer)))
    (puthash page 'pending (thumbindex--layout-pages layout))
    (cl-incf (thumbindex--layout-in-flight layout))
    (thumbindex--layout-note layout 'request page)
    (with-current-buffer thumbindex--source
      (thumbindex--request-async
       :thumbindex/entries (thumbindex--page-params layout page)
       (lambda (result) (thumbindex--outline-arrived outline layout page result nil))
       (lambda (error) (thumbindex--outline-arrived outline layout page nil error))))))

(defun thumbindex--outline-want ()
  "Ask for the pages the current outline shows and has not, the visible first.
At most `thumbindex-outline-pages-in-flight' at a time: each answer asks
for the next.  A server that is gone is said in the echo area."
  (let ((layout thumbindex--layout))
    (when (and layout (buffer-live-p thumbindex--source))
      (condition-case err
          (dolist (page (thumbindex--layout-pages-in-view
                         layout (thumbindex--views (thumbindex--outline-windows)
                                                   (line-number-at-pos))
                         thumbindex-outline-preload))
            (when (and (< (thumbindex--layout-in-flight layout) thumbindex-outline-pages-in-flight)
                       (not (gethash page (thumbindex--layout-pages layout))))
              (thumbindex--outline-request layout page)))
        (error (message "thumbindex: the outline of %s: %s"
                        (buffer-name thumbindex--source) (error-message-string err)))))))

(defun thumbindex--outline-want-soon (&rest _)
  "Ask for the pages in view once this command or redisplay is over.
In the outline's `post-command-hook' and `window-scroll-functions'."
  (unless (timerp thumbindex--want-timer)
    (let ((outline (current-buffer)))
      (setq thumbindex--want-timer
            (run-with-timer 0 nil (lambda ()
                                    (when (buffer-live-p outline)
                                      (with-current-buffer outline
                                        (setq thumbindex--want-timer nil)
                                        (thumbindex--outline-want)))))))))

;;;; The outline's text

(defun thumbindex--outline-insert (layout source)
  "Insert the lines of LAYOUT, the outline of SOURCE: a placeholder per entry.
SOURCE is a buffer, or the name of what the outline lists."
  (let ((placeholder (concat "  " thumbindex--placeholder "\n"))
        (titles (thumbindex--layout-titles layout))
        (counts (thumbindex--layout-counts layout)))
    (insert (format "%s, %d entries, locale %s\n" (if (bufferp source) (buffer-name source) source)
                    (thumbindex--layout-total layout) (thumbindex--layout-locale layout)))
    (dotimes (i (length titles))
      (insert (propertize (aref titles i) 'face 'thumbindex-header
                          'thumbindex-title (aref titles i))
              "\n")
      (dotimes (_ (aref counts i))
        (insert placeholder)))))

(defun thumbindex--outline-insert-why-empty (source version)
  "Insert why VERSION of SOURCE, a buffer, has no entries: what the server said."
  (dolist (text (with-current-buffer source (thumbindex--why-empty version)))
    (insert (propertize (concat "The server said: " text) 'face 'warning) "\n")))

(defun thumbindex--outline-revert (&rest _)
  "Ask the server again for the outline of `thumbindex--source'."
  (thumbindex--outline-show (with-current-buffer thumbindex--source (thumbindex--sections))
                            thumbindex--source))

(defun thumbindex--outline-show (sections source)
  "Make the current buffer the outline SECTIONS, a thumbindex/sections answer.
SOURCE is what it lists (see `thumbindex--outline-insert').  The first
page in view is asked for before the buffer changes (so a cancelled
refresh leaves it as it was, as the sections were asked before); the
other pages in view come after.  Point, and the start and point of each
window on the outline, stay on their lines."
  (let* ((layout (thumbindex--layout-new sections thumbindex-page-size))
         (line (line-number-at-pos))
         (windows (thumbindex--outline-windows))
         (first (car (thumbindex--layout-pages-in-view
                      layout (thumbindex--views windows line) 0)))
         (entries (and first (thumbindex--fetch-page layout first)))
         (inhibit-read-only t))
    (erase-buffer)
    (thumbindex--outline-insert layout source)
    (when (and (bufferp source) (zerop (thumbindex--layout-total layout)))
      (thumbindex--outline-insert-why-empty source (thumbindex--layout-version layout)))
    (setq thumbindex--layout layout)
    (setq thumbindex--outline-stale nil)
    (when first (thumbindex--outline-apply layout first entries))
    (pcase-dolist (`(,window ,start ,at ,_) windows)
      (set-window-start window (thumbindex--line-position start) t)
      (set-window-point window (thumbindex--line-position at)))
    (goto-char (thumbindex--line-position line))
    (thumbindex--outline-want)))

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
    (thumbindex--outline-refresh)
    (thumbindex--outline-want)))

(defun thumbindex--outline-refresh ()
  "Make the current outline buffer again when it is stale.
Given up when a key is typed meanwhile (it stays stale); a server that
is gone is said in the echo area."
  (when (and thumbindex--outline-stale (buffer-live-p thumbindex--source))
    (condition-case err
        (catch 'thumbindex--cancelled
          (let ((thumbindex--interruptible t))
            (funcall revert-buffer-function t t)))
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
      (add-hook 'window-buffer-change-functions #'thumbindex--outline-shown nil t)
      ;; Scrolled or moved: the pages in view are asked for.
      (add-hook 'window-scroll-functions #'thumbindex--outline-want-soon nil t)
      (add-hook 'post-command-hook #'thumbindex--outline-want-soon nil t))
    (with-current-buffer source
      (add-hook 'after-change-functions #'thumbindex--outline-after-change nil t))
    (pop-to-buffer buffer)
    (with-current-buffer buffer (thumbindex--outline-want))
    buffer))

(defun thumbindex--outline-entry (offset)
  "The entry at OFFSET, its page asked for and waited for when it has not come."
  (let* ((layout thumbindex--layout)
         (page (thumbindex--layout-page-of layout offset)))
    (unless (aref (thumbindex--layout-entries layout) offset)
      (thumbindex--outline-apply layout page (thumbindex--fetch-page layout page)))
    (aref (thumbindex--layout-entries layout) offset)))

(defun thumbindex--offset-at-line ()
  "The offset of the entry on point's line (a header's: its first), or nil."
  (let ((layout thumbindex--layout)
        (row (- (line-number-at-pos) 2)))
    (when (and layout (>= row 0) (< row (thumbindex--layout-rows layout)))
      (pcase-let ((`(,section . ,offset) (thumbindex--layout-at-row layout row)))
        (or offset
            (and (> (aref (thumbindex--layout-counts layout) section) 0)
                 (aref (thumbindex--layout-offsets layout) section)))))))

(defun thumbindex-outline-visit ()
  "Visit the entry on the current line (a header visits its first entry)."
  (interactive)
  (let ((offset (thumbindex--offset-at-line))
        (source thumbindex--source))
    (unless offset (user-error "No entry on this line"))
    (unless (buffer-live-p source)
      (user-error "The buffer of this outline is gone"))
    (let ((entry (thumbindex--outline-entry offset)))
      (pop-to-buffer source)
      (goto-char (thumbindex--start (plist-get entry :selectionRange))))))

(defun thumbindex--header-position (title)
  "The position of the header line of section TITLE in the outline, or nil."
  (let* ((layout thumbindex--layout)
         (section (and layout (seq-position (thumbindex--layout-titles layout) title))))
    (when section
      (thumbindex--line-position (+ 2 (thumbindex--layout-header-row layout section))))))

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
