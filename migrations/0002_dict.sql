-- System dictionaries (spec §7): code lists the pages use for filters and labels.
-- Values the spec names are taken from it (§9: change categories, land-use types);
-- the rest are the usual Chinese wording for the concept.
CREATE TABLE dict_item (
    dict_code TEXT NOT NULL,
    value     TEXT NOT NULL,
    label     TEXT NOT NULL,
    sort      INTEGER NOT NULL,
    PRIMARY KEY (dict_code, value)
) WITHOUT ROWID;

INSERT INTO dict_item (dict_code, value, label, sort) VALUES
  -- Monitoring spot batches are quarterly.
  ('SPOT_META_STAGE_V2', '1', '第一季度', 1),
  ('SPOT_META_STAGE_V2', '2', '第二季度', 2),
  ('SPOT_META_STAGE_V2', '3', '第三季度', 3),
  ('SPOT_META_STAGE_V2', '4', '第四季度', 4),
  -- Steel plants: the change categories of spec §9.
  ('STEELPLANT_META_STAGE', '0', '不变', 1),
  ('STEELPLANT_META_STAGE', '1', '扩张', 2),
  ('STEELPLANT_META_STAGE', '2', '拆除', 3),
  ('STEELPLANT_META_STAGE', '3', '部分拆除', 4),
  -- Non-agricultural / non-grain monitoring is reported half-yearly.
  ('NON_AGRICULTURAL_META_STAGE', '1', '上半年', 1),
  ('NON_AGRICULTURAL_META_STAGE', '2', '下半年', 2),
  ('COVERAGE_YEAR', '2020', '2020年', 1),
  ('COVERAGE_YEAR', '2021', '2021年', 2),
  ('COVERAGE_YEAR', '2022', '2022年', 3),
  ('COVERAGE_YEAR', '2023', '2023年', 4),
  ('COVERAGE_YEAR', '2024', '2024年', 5),
  ('COVERAGE_YEAR', '2025', '2025年', 6),
  ('COVERAGE_YEAR', '2026', '2026年', 7),
  -- Change-detection spot types (tblx).
  ('SPOT_META_TYPE', '1', '新增建设用地', 1),
  ('SPOT_META_TYPE', '2', '耕地变化', 2),
  ('SPOT_META_TYPE', '3', '林草地变化', 3),
  ('SPOT_META_TYPE', '4', '水域变化', 4),
  ('SPOT_META_TYPE', '5', '其他变化', 5),
  ('ORDER_STATUS', '0', '待审核', 1),
  ('ORDER_STATUS', '1', '审核通过', 2),
  ('ORDER_STATUS', '2', '生产中', 3),
  ('ORDER_STATUS', '3', '已完成', 4),
  ('ORDER_STATUS', '4', '已驳回', 5),
  ('ORDER_STATUS', '5', '已取消', 6),
  ('SPOT_BJHS_BATCH_STATUS', '0', '未下发', 1),
  ('SPOT_BJHS_BATCH_STATUS', '1', '已下发', 2),
  ('SPOT_BJHS_BATCH_STATUS', '2', '核查中', 3),
  ('SPOT_BJHS_BATCH_STATUS', '3', '已完成', 4),
  ('REQUEST_STATUS', '0', '待处理', 1),
  ('REQUEST_STATUS', '1', '已受理', 2),
  ('REQUEST_STATUS', '2', '已完成', 3),
  ('REQUEST_STATUS', '3', '已驳回', 4),
  -- Non-agricultural use types: the land-use types of spec §9.
  ('MONITOR_SPOT_META_TYPE', '1', '种植园林地', 1),
  ('MONITOR_SPOT_META_TYPE', '2', '绿化通道', 2),
  ('MONITOR_SPOT_META_TYPE', '3', '挖湖造景', 3),
  ('MONITOR_SPOT_META_TYPE', '4', '挖建库塘', 4),
  ('MONITOR_SPOT_META_TYPE', '5', '未耕种', 5);
