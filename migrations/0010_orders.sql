-- Cart, orders and data requests (order/v3), the login history and the
-- administrators' audit log.
--
-- An order and a data request are the same kind of record: items (scenes,
-- their facts copied at submission so a scene that later leaves the catalogue
-- still shows what was asked for), a status from ORDER_STATUS or
-- REQUEST_STATUS, and a history of every transition with who and when.
-- `kind` tells them apart: 0 order, 1 data request (offline scenes).

CREATE TABLE cart_item (
    user_id  INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    scene_id TEXT NOT NULL,
    added_at INTEGER NOT NULL,          -- unix seconds
    PRIMARY KEY (user_id, scene_id)
) WITHOUT ROWID;
CREATE INDEX cart_item_added ON cart_item(user_id, added_at);

CREATE TABLE orders (
    id           INTEGER PRIMARY KEY,
    kind         INTEGER NOT NULL,      -- 0 order, 1 data request
    code         TEXT NOT NULL UNIQUE,  -- DD… or SQ…, shown to people
    user_id      INTEGER NOT NULL REFERENCES user(id),
    username     TEXT NOT NULL,         -- the owner's name (names never change)
    status       INTEGER NOT NULL,      -- ORDER_STATUS or REQUEST_STATUS value
    purpose      TEXT NOT NULL,
    usage        TEXT NOT NULL,         -- ORDER_USAGE value
    delivery     TEXT NOT NULL,         -- ORDER_DELIVERY value
    reason       TEXT,                  -- why it was last rejected or withdrawn
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    delivered_at INTEGER,
    expires_at   INTEGER                -- download links stop working then
);
CREATE INDEX orders_user ON orders(user_id, kind, created_at);
CREATE INDEX orders_kind_status ON orders(kind, status, created_at);

CREATE TABLE order_item (
    id           INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    scene_id     TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    satellite    TEXT NOT NULL,
    sensor       TEXT NOT NULL,
    acquired_at  INTEGER NOT NULL,
    cloud        REAL NOT NULL,
    size_mb      REAL,
    product_path TEXT,                  -- delivered file, relative to the delivery folder
    UNIQUE (order_id, scene_id)
);

CREATE TABLE order_event (
    id          INTEGER PRIMARY KEY,
    order_id    INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    from_status INTEGER,                -- NULL for the submission
    to_status   INTEGER NOT NULL,
    actor_id    INTEGER NOT NULL REFERENCES user(id),
    actor       TEXT NOT NULL,          -- the actor's name at the time
    note        TEXT,
    at          INTEGER NOT NULL
);
CREATE INDEX order_event_order ON order_event(order_id, id);

CREATE TABLE login_event (
    id      INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    at      INTEGER NOT NULL,
    address TEXT,
    ok      INTEGER NOT NULL            -- 1 logged in, 0 wrong password
);
CREATE INDEX login_event_user ON login_event(user_id, at);

-- Every administrative change: who, what, when, before and after (JSON).
CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor_id INTEGER NOT NULL,
    actor    TEXT NOT NULL,             -- the administrator's name at the time
    action   TEXT NOT NULL,             -- e.g. user.disable, order.approve
    target   TEXT NOT NULL,             -- e.g. user:12, order:DD20261126000001
    before   TEXT,
    after    TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);

INSERT INTO dict_item (dict_code, value, label, sort) VALUES
  -- A delivered order whose links an administrator took back.
  ('ORDER_STATUS', '6', '已撤回', 7),
  -- A data request its owner took back while it waited.
  ('REQUEST_STATUS', '4', '已取消', 5),
  ('ORDER_USAGE', '1', '国土调查', 1),
  ('ORDER_USAGE', '2', '执法监测', 2),
  ('ORDER_USAGE', '3', '规划编制', 3),
  ('ORDER_USAGE', '4', '生态修复', 4),
  ('ORDER_USAGE', '5', '科研教学', 5),
  ('ORDER_USAGE', '9', '其他', 6),
  ('ORDER_DELIVERY', '1', '在线下载', 1),
  ('ORDER_DELIVERY', '2', '介质拷贝', 2);
