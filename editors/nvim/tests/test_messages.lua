-- What the server says reaches the user: window/showMessage, and the warnings of window/logMessage
-- about the session (a bad locale), with vim.notify; warnings about a document stay in its outline.
local H = require("harness")
local S = require("support")

local function told(pattern)
  for _, notification in ipairs(H.notifications) do
    if notification.message:find(pattern) then
      return notification
    end
  end
  return nil
end

H.test("a bad locale in the settings is told with vim.notify, not only logged", function()
  S.restart_server({ settings = { locale = "xx_Bogus!" } })
  local buf = S.edit("names.txt")
  S.wait_attached(buf)
  local notification = H.wait_for(function()
    return told("malformed locale identifier 'xx_Bogus!'")
  end, "the server's warning to be told")
  H.eq(vim.log.levels.WARN, notification.level, "as a warning")
  H.ok(notification.message:find("^thumbindex: "), "named: " .. notification.message)
  S.restart_server()
end)

H.test("window/showMessage is told with vim.notify; a document's warning stays in its outline", function()
  S.setup()
  local buf = S.edit_text("broken.json", { '{"Zebra": ' })
  local client = S.wait_attached(buf)
  local state = require("thumbindex").open()
  H.wait_for(function()
    return S.text(state):find("The server said", 1, true)
  end, "the outline to say what the server said")
  H.eq(nil, told("broken%.json"), "the document's problem is not notified: " .. vim.inspect(H.notifications))
  client.handlers["window/showMessage"](nil, { type = 1, message = "something failed" }, { client_id = client.id })
  local notification = H.ok(told("something failed"), "told")
  H.eq("thumbindex: something failed", notification.message, "named")
  H.eq(vim.log.levels.ERROR, notification.level, "as an error")
end)
