-- A speedtest1-like workload for the sqlite3 shell: @N@ rows per table. Rows come from
-- recursive CTEs with an arithmetic generator (no random(), no clock), so every result printed
-- is the same on every machine. Only results are printed (.mode list, no timer).
.mode list
.headers off
PRAGMA cache_size = 4000;

CREATE TABLE words(i INTEGER PRIMARY KEY, w TEXT);
INSERT INTO words(i, w) VALUES
 (0,'zero'),(1,'one'),(2,'two'),(3,'three'),(4,'four'),(5,'five'),(6,'six'),(7,'seven'),
 (8,'eight'),(9,'nine'),(10,'ten'),(11,'eleven'),(12,'twelve'),(13,'thirteen'),
 (14,'fourteen'),(15,'fifteen'),(16,'sixteen'),(17,'seventeen'),(18,'eighteen'),
 (19,'nineteen'),(20,'twenty'),(21,'thirty'),(22,'forty'),(23,'fifty'),(24,'sixty'),
 (25,'seventy'),(26,'eighty'),(27,'ninety'),(28,'hundred'),(29,'thousand'),(30,'million'),
 (31,'alpha'),(32,'bravo'),(33,'charlie'),(34,'delta'),(35,'echo'),(36,'foxtrot'),(37,'golf'),
 (38,'hotel'),(39,'india'),(40,'juliet'),(41,'kilo'),(42,'lima'),(43,'mike'),(44,'november'),
 (45,'oscar'),(46,'papa'),(47,'quebec'),(48,'romeo'),(49,'sierra');

-- 100: unordered inserts into a table without an index, in one transaction.
CREATE TABLE t1(a INTEGER, b INTEGER, c TEXT);
BEGIN;
WITH RECURSIVE s(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM s WHERE x<@N@),
  g(x, v) AS (SELECT x, (x*1103515245 + 12345) % 1000003 FROM s)
INSERT INTO t1(a, b, c)
  SELECT v, x, (SELECT w FROM words WHERE i = v % 50) || ' ' ||
               (SELECT w FROM words WHERE i = (v / 50) % 50) || ' ' ||
               (SELECT w FROM words WHERE i = (v / 2500) % 50)
  FROM g;
COMMIT;
SELECT 't1', count(*), sum(a), max(b), min(c), max(c) FROM t1;

-- 110: ordered inserts into a table with an index (the INTEGER PRIMARY KEY); 120: unordered
-- inserts into a table with a secondary index.
CREATE TABLE t2(a INTEGER PRIMARY KEY, b INTEGER, c TEXT);
CREATE TABLE t3(a INTEGER, b INTEGER, c TEXT);
CREATE INDEX t3b ON t3(b);
BEGIN;
INSERT INTO t2(a, b, c) SELECT b, a, c FROM t1 ORDER BY b;
INSERT INTO t3(a, b, c) SELECT b, a % 100003, c FROM t1;
COMMIT;
SELECT 't2', count(*), sum(b), total(length(c)) FROM t2;
SELECT 't3', count(DISTINCT b), sum(a) FROM t3;

-- 130: range scans over the unindexed column; 140: LIKE over text.
SELECT 'between', sum(cnt), sum(tot) FROM (
  WITH RECURSIVE k(i) AS (VALUES(0) UNION ALL SELECT i+1 FROM k WHERE i<19)
  SELECT (SELECT count(*) FROM t1 WHERE a BETWEEN i*50000 AND i*50000+999) AS cnt,
         (SELECT total(b) FROM t1 WHERE a BETWEEN i*50000 AND i*50000+999) AS tot FROM k);
SELECT 'like', count(*), sum(b) FROM t1 WHERE c LIKE '%eight%';
SELECT 'like2', count(*) FROM t1 WHERE c LIKE 'one %' OR c LIKE '% t%e';
SELECT 'glob', count(*) FROM t1 WHERE c GLOB '*[xz]*';

-- 142, 145: ORDER BY over the whole table, with and without a LIMIT.
SELECT 'ordered', a, b, c FROM t1 ORDER BY c, a LIMIT 5;
SELECT 'ordered-off', a, b FROM t1 ORDER BY a DESC, b LIMIT 3 OFFSET 100;
SELECT 'sorted-sum', sum(rn * (a % 7)) FROM (SELECT a, row_number() OVER (ORDER BY c, b) AS rn FROM t1);

-- 150, 160, 161: create indexes, then indexed lookups.
CREATE INDEX t1a ON t1(a);
CREATE INDEX t1c ON t1(c);
SELECT 'idx-between', sum(cnt) FROM (
  WITH RECURSIVE k(i) AS (VALUES(0) UNION ALL SELECT i+1 FROM k WHERE i < @N@ / 10)
  SELECT (SELECT count(*) FROM t1 WHERE a BETWEEN (i*7919) % 1000003 AND (i*7919) % 1000003 + 500) AS cnt FROM k);
SELECT 'idx-text', count(*), sum(b) FROM t1 WHERE c >= 'f' AND c < 'g';
SELECT 'idx-eq', sum((SELECT count(*) FROM t2 WHERE t2.a = t1.b * 3)) FROM t1 WHERE b % 5 = 0;

-- GROUP BY and aggregates.
SELECT 'group', substr(c, 1, instr(c, ' ') - 1) AS w1, count(*), sum(a) % 1000000, min(b), max(b)
  FROM t1 GROUP BY w1 ORDER BY count(*) DESC, w1 LIMIT 8;
SELECT 'having', count(*) FROM (SELECT b % 997 AS k, count(*) AS n FROM t3 GROUP BY k HAVING n > 2);
SELECT 'group-avg', k, printf('%.3f', avg(a)), count(*) FROM (SELECT a % 10 AS k, a FROM t1) GROUP BY k ORDER BY k;

-- 180: inserts into a table with three indexes; 190: delete and refill.
CREATE TABLE t4(a INTEGER, b INTEGER, c TEXT, d TEXT);
CREATE INDEX t4a ON t4(a);
CREATE INDEX t4b ON t4(b, a);
CREATE INDEX t4c ON t4(c);
BEGIN;
INSERT INTO t4 SELECT a, b, c, upper(substr(c, 1, 6)) || (b % 13) FROM t1 ORDER BY b DESC;
COMMIT;
SELECT 't4', count(*), count(DISTINCT d), max(d) FROM t4;
BEGIN;
DELETE FROM t4 WHERE b % 3 = 0;
SELECT 't4-del', count(*) FROM t4;
INSERT INTO t4 SELECT a, b, c, lower(c) FROM t1 WHERE b % 3 = 0;
COMMIT;
SELECT 't4-refill', count(*), sum(length(d)) FROM t4;

-- 210: alter table; 230, 240, 250: updates with an index, without one, of the whole table.
ALTER TABLE t2 ADD COLUMN d INTEGER DEFAULT 7;
BEGIN;
UPDATE t2 SET b = b * 2 WHERE a BETWEEN @N@ / 4 AND @N@ / 2;
UPDATE t2 SET d = d + length(c) WHERE b % 11 = 1;
UPDATE t3 SET c = c || '!' WHERE b BETWEEN 1000 AND 30000;
UPDATE t1 SET b = b + 1;
COMMIT;
SELECT 'update', (SELECT sum(b) FROM t2), (SELECT sum(d) FROM t2), (SELECT count(*) FROM t3 WHERE c LIKE '%!'), (SELECT sum(b) FROM t1);

-- 260: a full-table sum; 270, 280: deletes over ranges (unindexed, indexed).
SELECT 'sum', sum(a), sum(b), total(a * 1.5) FROM t1;
BEGIN;
DELETE FROM t3 WHERE a % 17 = 3;
DELETE FROM t2 WHERE a BETWEEN 10 AND @N@ / 5;
COMMIT;
SELECT 'delete', (SELECT count(*) FROM t3), (SELECT count(*) FROM t2);

-- 300: refill from a subquery; 310: four-way join; 320: subqueries in the result set.
BEGIN;
INSERT INTO t2(a, b, c) SELECT b, a, c FROM t1 WHERE b BETWEEN 11 AND @N@ / 5 + 1 AND NOT EXISTS (SELECT 1 FROM t2 WHERE t2.a = t1.b);
COMMIT;
SELECT 'refill', count(*), sum(a) FROM t2;
SELECT 'join4', count(*), sum(t1.a % 1000), sum(t4.b % 1000) FROM t1
  JOIN t2 ON t2.a = t1.b
  JOIN t3 ON t3.a = t2.a
  JOIN t4 ON t4.a = t1.a AND t4.b = t1.b - 1
  WHERE t1.b % 4 = 1;
SELECT 'subq', sum(x), sum(y) FROM (SELECT (SELECT count(*) FROM t3 WHERE t3.b = t1.a % 100003) AS x,
  (SELECT max(b) FROM t4 WHERE t4.a = t1.a) AS y FROM t1 WHERE b % 3 = 0);

-- 400, 410: REPLACE on an INTEGER PRIMARY KEY, then rowid lookups; 500, 510: a TEXT primary key.
BEGIN;
REPLACE INTO t2(a, b, c) SELECT b * 2, a, c FROM t1 WHERE b % 2 = 0;
COMMIT;
SELECT 'replace', count(*), sum(b) FROM t2;
SELECT 'rowid', sum((SELECT b FROM t2 WHERE rowid = (t1.b * 7) % (@N@ * 2))) FROM t1 WHERE b % 2 = 1;
CREATE TABLE t5(k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
BEGIN;
INSERT OR REPLACE INTO t5 SELECT c || ' ' || (a % 31), b FROM t1;
COMMIT;
SELECT 't5', count(*), sum(v), min(k) FROM t5;
SELECT 't5-look', count(*), sum(t5.v) FROM t1 JOIN t5 ON t5.k = t1.c || ' ' || ((t1.a + t1.b % 2) % 31);

-- 520: DISTINCT; recursive CTE arithmetic; window functions; JSON.
SELECT 'distinct', count(*) FROM (SELECT DISTINCT substr(c, 1, 8) FROM t1);
WITH RECURSIVE collatz(n, steps) AS (
  SELECT x, 0 FROM (WITH RECURSIVE s(x) AS (VALUES(1) UNION ALL SELECT x+1 FROM s WHERE x < @N@ / 20) SELECT x FROM s)
  UNION ALL
  SELECT CASE WHEN n % 2 = 0 THEN n / 2 ELSE 3 * n + 1 END, steps + 1 FROM collatz WHERE n > 1)
SELECT 'collatz', count(*), max(steps), sum(n) FROM collatz;
SELECT 'window', sum(d), max(d) FROM (SELECT a - lag(a, 1, 0) OVER (PARTITION BY b % 50 ORDER BY a) AS d FROM t1);
SELECT 'rank', b, c, r FROM (SELECT b, c, rank() OVER (ORDER BY c DESC, b) AS r FROM t1) WHERE r IN (1, 10, 100);
SELECT 'json', json_object('n', count(*), 'words', json_group_array(DISTINCT w)) FROM
  (SELECT substr(c, 1, instr(c, ' ') - 1) AS w FROM t1 WHERE b % 1000 = 7 ORDER BY w);

-- 980, 990: integrity check and ANALYZE.
PRAGMA integrity_check;
ANALYZE;
SELECT 'stat1', count(*) FROM sqlite_stat1;
