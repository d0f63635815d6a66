package postgres

// pgScoring is imp, vp and ns_score (archive/sqlite/scoring.go registers them on
// every SQLite connection: docs/scoring.md) written as functions of a
// PostgreSQL archive, giving what the Go functions give, value for value:
//
//   - numbers are read as SQLite hands them to Go, as float64: the number
//     arguments are DOUBLE PRECISION, which any integer or NUMERIC
//     argument becomes as it is passed; NaN and infinities give NULL;
//   - an argument that is text, and an untyped literal such as '100',
//     give NULL as SQLite's text does: each function has overloads that
//     take text where a number is read, and PostgreSQL resolves an
//     untyped argument to text when an overload takes it; a NULL, which
//     is untyped, takes the same overloads;
//   - imp rounds half away from zero (Go's math.Round; PostgreSQL's
//     round of a double rounds half to even);
//   - vp builds the WBF scale as scoring.VPScale does, in the same
//     double-precision steps (the constant 1 - r is written as Go's
//     compiler folds it, 0.763932, not computed), then raises the steps
//     that break concavity one hundredth at a time, in the same order;
//   - ns_score reads the contract, declarer and vulnerability as
//     model.ParseContract, ParseSeat and ParseVul do: Go's TrimSpace
//     (pgSpace: Unicode's white space), EqualFold ("PAſS" is pass, ſ
//     folding to s) and ToLower (İ becomes i, so "NİL" is no one
//     vulnerable), with translate, never lower(), which depends on the
//     server's locale.
//
// A test (TestScoringFunctions) gives both engines the same edge cases
// and compares the answers with the Go functions'.
const pgScoring = `
CREATE FUNCTION imp(points double precision) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT (sign(r) * width_bucket(abs(r)::bigint - 1, '{10,40,80,120,160,210,260,310,360,420,490,590,740,890,1090,1290,1490,1740,1990,2240,2490,2990,3490,3990}'::bigint[]))::bigint
          FROM (SELECT trunc(points) + CASE WHEN abs(points - trunc(points)) >= 0.5 THEN sign(points) ELSE 0 END AS r) AS x
         WHERE abs(points) <= 1e9::double precision $$;
CREATE FUNCTION imp(points text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NULL::bigint $$;

CREATE FUNCTION handrec_vp_scale(boards integer) RETURNS integer[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  b double precision := 15 * sqrt(least(greatest(boards, 1), 10000)::double precision);
  n integer := ceil(b)::integer;
  v integer[] := array_fill(0, ARRAY[n + 1]);
  changed boolean := true;
BEGIN
  FOR i IN 0..n LOOP
    v[i + 1] := least(2000, floor((10 + 10 * (1 - power(0.236068::double precision, i::double precision / b)) / 0.763932::double precision) * 100 + 0.5)::integer);
  END LOOP;
  WHILE changed LOOP
    changed := false;
    FOR i IN 2..n LOOP
      IF v[i + 1] - v[i] > v[i] - v[i - 1] THEN
        v[i] := v[i] + 1;
        changed := true;
      END IF;
    END LOOP;
  END LOOP;
  RETURN v;
END $$;

CREATE FUNCTION vp(imps double precision, boards double precision) RETURNS double precision LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  s integer[];
  a double precision := abs(imps);
  lo integer;
  h double precision;
BEGIN
  IF NOT (a < 'Infinity') OR NOT (boards >= 1 AND boards <= 10000 AND boards = trunc(boards)) THEN
    RETURN NULL;
  END IF;
  s := handrec_vp_scale(boards::integer);
  IF a >= array_length(s, 1) - 1 THEN
    h := 2000;
  ELSE
    lo := floor(a)::integer;
    h := floor(s[lo + 1] + (a - lo) * (s[lo + 2] - s[lo + 1]) + 0.5);
  END IF;
  IF imps < 0 THEN
    h := 2000 - h;
  END IF;
  RETURN h / 100;
END $$;
CREATE FUNCTION vp(imps double precision, boards text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NULL::double precision $$;
CREATE FUNCTION vp(imps text, boards double precision) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NULL::double precision $$;
CREATE FUNCTION vp(imps text, boards text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT NULL::double precision $$;

CREATE FUNCTION ns_score(contract text, declarer text, tricks double precision, vul text) RETURNS bigint LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  c text := btrim(contract, ` + pgSpace + `);
  v text := translate(btrim(vul, ` + pgSpace + `), 'NOELVISWABTHİ', 'noelviswabthi');
  level integer;
  pos integer := 2;
  strain text := translate(substr(c, 2, 1), 'nshdc', 'NSHDC');
  rest text;
  dbl integer;
  t integer;
  ew boolean := declarer IN ('E', 'e', 'W', 'w');
  vuln boolean;
BEGIN
  IF translate(c, 'PASſ', 'pass') IN ('pass', 'ap') OR c IN ('P', 'p') THEN
    RETURN 0;
  END IF;
  IF (substr(c, 1, 1) IN ('1', '2', '3', '4', '5', '6', '7') AND strain IN ('N', 'S', 'H', 'D', 'C')
      AND declarer IN ('N', 'n', 'E', 'e', 'S', 's', 'W', 'w') AND tricks >= 0 AND tricks <= 13) IS NOT TRUE THEN
    RETURN NULL;
  END IF;
  level := substr(c, 1, 1)::integer;
  IF strain = 'N' AND substr(c, 3, 1) IN ('T', 't') THEN
    pos := 3;
  END IF;
  rest := btrim(substr(c, pos + 1), ` + pgSpace + `);
  dbl := CASE WHEN rest = '' THEN 0 WHEN rest IN ('X', 'x') THEN 1 WHEN rest IN ('XX', 'Xx', 'xX', 'xx', 'R', 'r') THEN 2 END;
  vuln := CASE WHEN v IN ('none', 'love', '-', 'o', '0', 'nil') THEN false
               WHEN v IN ('ns', 'n-s', 'n/s', 'n') THEN NOT ew
               WHEN v IN ('ew', 'e-w', 'e/w', 'e') THEN ew
               WHEN v IN ('all', 'both', 'b') THEN true END;
  IF dbl IS NULL OR vuln IS NULL THEN
    RETURN NULL;
  END IF;
  t := trunc(tricks)::integer;
  RETURN CASE WHEN ew THEN -1 ELSE 1 END * handrec_duplicate(level, strain, dbl, vuln, t);
END $$;
CREATE FUNCTION ns_score(contract text, declarer text, tricks text, vul text) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ns_score(contract, declarer, 'NaN'::double precision, vul) $$;

CREATE FUNCTION handrec_duplicate(level integer, strain text, dbl integer, vul boolean, tricks integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT CASE
  WHEN tricks < level + 6 THEN
    -CASE WHEN dbl = 0 THEN (CASE WHEN vul THEN 100 ELSE 50 END) * (level + 6 - tricks)
          WHEN vul THEN (200 + 300 * (level + 5 - tricks)) << (dbl - 1)
          ELSE (100 + 200 * least(level + 5 - tricks, 2) + 300 * greatest(level + 3 - tricks, 0)) << (dbl - 1) END
  ELSE ts + CASE WHEN ts < 100 THEN 50 WHEN vul THEN 500 ELSE 300 END
          + CASE level WHEN 6 THEN CASE WHEN vul THEN 750 ELSE 500 END WHEN 7 THEN CASE WHEN vul THEN 1500 ELSE 1000 END ELSE 0 END
          + CASE dbl WHEN 0 THEN (tricks - level - 6) * tv
                     WHEN 1 THEN 50 + (tricks - level - 6) * CASE WHEN vul THEN 200 ELSE 100 END
                     ELSE 100 + (tricks - level - 6) * CASE WHEN vul THEN 400 ELSE 200 END END
END::bigint
  FROM (SELECT CASE WHEN strain IN ('C', 'D') THEN 20 ELSE 30 END AS tv) AS a,
       LATERAL (SELECT (a.tv * level + CASE WHEN strain = 'N' THEN 10 ELSE 0 END) << dbl AS ts) AS b
$$;
`

// pgSpace is what Go's strings.TrimSpace trims (Unicode's white space),
// as the characters argument of btrim.
const pgSpace = `E'\t\n\u000B\f\r \u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000'`
