package dev.gatlingllm.twin;

/**
 * The decode step's growth with the batch, {@code step(n) = base + perSequence * n ^ exponent} in
 * microseconds (the simulator's {@code decodeStep*} settings), fitted by least squares on relative
 * errors, so that a 1 ms step at one sequence weighs as much as a 50 ms one at a hundred.
 */
public record DecodeCurve(double baseMicros, double perSequenceMicros, double exponent) {
  private static final double MIN_EXPONENT = 0.5;
  private static final double MAX_EXPONENT = 3.0;
  private static final double EXPONENT_STEP = 0.005;

  public double stepMicros(double batch) {
    return baseMicros + perSequenceMicros * Math.pow(batch, exponent);
  }

  /**
   * For each exponent on a fine grid, the best non-negative base and slope (a linear problem); the
   * exponent with the least error wins. With two distinct batch sizes the exponent cannot be told
   * from the rest: it is taken as 1 (a straight line through both); with one, the step is flat.
   *
   * @param batches the batch size of each point
   * @param stepMicros the decode step measured at it
   */
  public static DecodeCurve fit(double[] batches, double[] stepMicros) {
    long distinct = java.util.Arrays.stream(batches).distinct().count();
    if (distinct == 1) {
      double mean = java.util.Arrays.stream(stepMicros).average().orElse(0);
      return new DecodeCurve(mean, 0, 1);
    }
    if (distinct == 2) {
      return bestForExponent(batches, stepMicros, 1.0);
    }
    DecodeCurve best = null;
    double bestError = Double.POSITIVE_INFINITY;
    for (double c = MIN_EXPONENT; c <= MAX_EXPONENT + 1e-9; c += EXPONENT_STEP) {
      DecodeCurve candidate = bestForExponent(batches, stepMicros, c);
      double error = candidate.relativeSquaredError(batches, stepMicros);
      if (error < bestError - 1e-12) {
        best = candidate;
        bestError = error;
      }
    }
    return best;
  }

  double relativeSquaredError(double[] batches, double[] stepMicros) {
    double sum = 0;
    for (int i = 0; i < batches.length; i++) {
      double r = (stepMicros(batches[i]) - stepMicros[i]) / stepMicros[i];
      sum += r * r;
    }
    return sum;
  }

  /**
   * Weighted least squares of {@code y = a + b x} with {@code x = n^c} and weights {@code 1/y^2}, a
   * and b kept non-negative (a negative cost has no meaning): when the free solution has one below
   * zero, the best fit with it at zero.
   */
  private static DecodeCurve bestForExponent(double[] batches, double[] y, double c) {
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < batches.length; i++) {
      double w = 1.0 / (y[i] * y[i]);
      double x = Math.pow(batches[i], c);
      sw += w;
      sx += w * x;
      sy += w * y[i];
      sxx += w * x * x;
      sxy += w * x * y[i];
    }
    double det = sw * sxx - sx * sx;
    double a = det == 0 ? sy / sw : (sxx * sy - sx * sxy) / det;
    double b = det == 0 ? 0 : (sw * sxy - sx * sy) / det;
    if (b < 0) {
      return new DecodeCurve(sy / sw, 0, c);
    }
    if (a < 0) {
      return new DecodeCurve(0, sxy / sxx, c);
    }
    return new DecodeCurve(a, b, c);
  }
}
